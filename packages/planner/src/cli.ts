import { runCli } from "./run-cli.js";

// npm sets INIT_CWD to where `npm run plan` was typed: paths are relative to it.
const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  env: process.env,
});
process.exitCode = code;
