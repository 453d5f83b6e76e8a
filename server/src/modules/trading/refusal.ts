/** The trading modules import refuse from here; it is the server's one refusal helper. */
export { refuse } from '../../http/refuse.js';
