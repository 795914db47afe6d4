// Every command's usage, in a module that loads nothing else: `--help` answers without the database or the
// react-server condition that `import` and `stripe-event` run under (bin/explore.mjs asks helpFor first).

export const VALIDATE_USAGE = "usage: explore validate <file…> [--json] [--out FILE]\n";

export const IMPORT_USAGE = "usage: explore import <file> --owner <email>\n";

export const ANNOUNCE_USAGE =
  "usage: explore announce --agent @handle --endpoint <https://…> --token <adapter token> [--url <Explore's origin, default http://127.0.0.1:$PORT>]\n";

export const STRIPE_EVENT_USAGE = `usage: explore stripe-event <type> --agent @handle [options]

types and their options:
  checkout.session.completed --plan <plan_id> --consumer <email|csm_…> [--amount <cents>]
  charge.refunded            --payment-intent <pi_…> [--amount <cents refunded>] (full refund without --amount)
  invoice.paid               --subscription <sub_…> [--days <paid-through days from now, default 30>]
  invoice.payment_failed     --subscription <sub_…>
  customer.subscription.deleted --subscription <sub_…>

common options:
  --url <origin>     Explore's origin (default http://127.0.0.1:$PORT, or :3000)
  --secret <whsec_…> the agent's signing secret (default: the stored one, opened with EXPLORE_SECRET_KEYS)
`;

export const USAGE = `usage: explore <command> [arguments]
       explore <command> --help           that command's usage

commands:
  validate <file…> [--json] [--out FILE]
                                     check agent.json files against the schema and Explore's rules; an A2A
                                     card, GA4GH entry or A2AWire registration is named and converted
                                     (--out writes the converted agent.json to complete)
  import <file> --owner <email>      validate, import and publish an agent for its owner
  stripe-event <type> --agent @h …   post a signed Stripe event to an agent's webhook (try payments locally)
  announce --agent @h --endpoint <url> --token <t>
                                     announce where an agent's adapter listens (its \${NAME} endpoint)
`;

const COMMAND_USAGE: Record<string, string> = {
  validate: VALIDATE_USAGE,
  import: IMPORT_USAGE,
  "stripe-event": STRIPE_EVENT_USAGE,
  announce: ANNOUNCE_USAGE,
};

const isHelp = (arg: string) => arg === "--help" || arg === "-h";

/**
 * The usage an `explore` command line asks for, or null when it asks for none: `explore --help` (or `help`,
 * `-h`), `explore help <command>`, or `--help`/`-h` anywhere among a command's arguments before a `--`.
 */
export function helpFor(argv: readonly string[]): string | null {
  const [command, ...args] = argv;
  if (command === undefined) return null;
  if (command === "help" || isHelp(command)) return COMMAND_USAGE[args[0] ?? ""] ?? USAGE;
  const usage = COMMAND_USAGE[command];
  if (usage === undefined) return null;
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).some(isHelp) ? usage : null;
}
