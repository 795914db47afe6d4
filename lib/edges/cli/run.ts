// Entry for commands that run in their own process (see bin/explore.mjs).
import { main } from "./main";

process.exitCode = await main(process.argv.slice(2));
