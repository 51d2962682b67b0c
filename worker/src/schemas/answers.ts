import { z } from 'zod';

/**
 * Pieces of the API's answers. They describe what the routes send (the OpenAPI document is made from
 * them, and the tests check every answer against it); the routes do not parse their own answers.
 */

export const id = z.number().int().positive();
export const date = z.string().meta({ format: 'date' });
export const timestamp = z.string().meta({ format: 'date-time' });
export const amount = z.number();
/** `{id, name}` of a record another one refers to. */
export const named = z.object({ id, name: z.string() });
/** A record's version, which every change of it raises: its ETag, sent back as If-Match with an update. */
export const version = z.number().int().positive();
/** The stamps of a record people edit: its version, when it was created and last edited. */
export const recordStamps = { version, created_at: timestamp, updated_at: timestamp };

/** `{data: row}`: one record. */
export const one = <S extends z.ZodType>(row: S) => z.object({ data: row });

/** One page of a list, with its paging figures; `extra` names what the list adds (stats, a summary). */
export const page = <S extends z.ZodType, E extends z.ZodRawShape = {}>(row: S, extra?: E) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    ...(extra ?? ({} as E)),
  });
