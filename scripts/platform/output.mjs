// What every platform command prints with: plain lines and a bold banner per step.
export const log = (msg = '') => console.log(msg);
export const banner = (msg) => log(`\n\x1b[1m▶ ${msg}\x1b[0m`);
