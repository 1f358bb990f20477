import { z } from 'zod';
import type { FiguresContract } from '../../contract';
import { FIGURE_MAX_COLUMNS, FIGURE_MAX_PNG_CHARS, FIGURE_MAX_ROWS } from '../../contract';
import { figureBytes, figureFileName } from '../../services/figure-export';
import { HostError } from '../dispatch';
import type { Handlers, RequestSchemas } from '../dispatch';
import type { HostDeps } from '../host-deps';
import { isTimeZone } from '../../storage/settings-schema';

type Channels = keyof FiguresContract;

/** The figures channel: a chart's table or image, written where the seller picks. */
export function figuresHandlers(deps: Pick<HostDeps, 'saveFile'>): Pick<Handlers, Channels> {
  return {
    'figures.export': async (req) => {
      if (!deps.saveFile) throw new HostError('INTERNAL', 'Saving files is not available in this runtime.');
      if (req.format === 'png' && !req.png)
        throw new HostError('INVALID_ARGUMENT', 'A PNG export needs its image.');
      const path = await deps.saveFile(figureFileName(req, new Date()), await figureBytes(req));
      return path === undefined ? {} : { path };
    },
  };
}

const cell = z.union([z.string().max(1000), z.number().finite()]);

export const figuresRequestSchemas: Pick<RequestSchemas, Channels> = {
  'figures.export': z.strictObject({
    name: z.string().regex(/^[\p{L}\p{N}-]{1,60}$/u),
    format: z.enum(['csv', 'xlsx', 'png']),
    columns: z.array(z.string().max(200)).max(FIGURE_MAX_COLUMNS),
    rows: z.array(z.array(cell).max(FIGURE_MAX_COLUMNS)).max(FIGURE_MAX_ROWS),
    png: z
      .string()
      .max(FIGURE_MAX_PNG_CHARS)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/)
      .optional(),
    timeZone: z.string().max(64).refine(isTimeZone, 'an IANA time zone'),
  }),
};
