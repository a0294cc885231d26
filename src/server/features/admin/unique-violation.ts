/** True for PostgreSQL's unique_violation (23505), whether the driver error comes bare or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs `work`, turning a unique violation into the given error (a race the earlier check could not see). */
export async function mapUniqueViolation<T>(work: () => Promise<T>, toError: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isUniqueViolation(error) ? toError() : error;
  }
}
