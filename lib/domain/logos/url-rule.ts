// Which logo and terms URLs Explore fetches at all, decided from the URL alone (nothing is fetched to
// find out): https, or plain http to a loopback host where loopback adapters are allowed (demo, tests).
// The guarded fetch enforces the same again, with the addresses the name resolves to.

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Null when the URL may be fetched; else why not, in words for the publisher. */
export function fetchUrlProblem(raw: string, what: "logo" | "terms", allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return what === "logo" ? `The logo URL "${raw}" is not a valid URL.` : `The terms URL "${raw}" is not a valid URL.`;
  }
  if (url.username !== "" || url.password !== "") return `The ${what} URL must not carry a user name or password.`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && allowLoopbackHttp && isLoopbackHost(url.hostname)) return null;
  // "http://", "ftp://"; "data:" for schemes without an authority.
  const scheme = url.href.startsWith(`${url.protocol}//`) ? `${url.protocol}//` : url.protocol;
  return what === "logo" ? `${scheme} logos are not accepted; use https.` : `${scheme} terms URLs are not accepted; use https.`;
}
