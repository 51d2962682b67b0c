import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '../schemas/common.ts';
import { HttpError } from './errors.ts';

/** Parses with a zod schema, or answers 422 with the first message and every field's messages. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw new HttpError(422, Object.values(errors)[0][0], errors);
}

/** The JSON object in the request body, validated; malformed JSON or a non-object is a 422 too. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    const message = 'The request body must be valid JSON.';
    throw new HttpError(422, message, { _: [message] });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    const message = 'The request body must be a JSON object.';
    throw new HttpError(422, message, { _: [message] });
  }
  return parse(schema, body);
}

/** A record's id as a path or a token names it: a positive whole number of at most 18 digits. */
export const ID_PATTERN = /^[1-9][0-9]{0,17}$/;

/** Ids in paths are positive integers; anything else is simply not found. */
export function parseId(value: string, notFound: string): string {
  if (!ID_PATTERN.test(value)) throw new HttpError(404, notFound);
  return value;
}
