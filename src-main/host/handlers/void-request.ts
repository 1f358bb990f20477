import { z } from 'zod';

/** For channels without arguments: IPC may carry undefined or null for "nothing". */
export const voidRequest = z
  .void()
  .or(z.undefined())
  .or(z.null())
  .transform(() => undefined);
