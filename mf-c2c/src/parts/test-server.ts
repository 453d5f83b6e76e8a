// Tests only: the shared server stand-in (@meridian/shared/testing), as the C2C screens' tests import it.
export { installServer, ok, page, refused, sequence, type Answer, type Body, type Call } from '@meridian/shared/testing';
