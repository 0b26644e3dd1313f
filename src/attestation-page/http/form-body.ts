import type { Request } from 'express';
import { PageProblem } from './page-error';

/** Two short fields and two tokens; anything much larger is not our form. */
const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * Reads the body of the page's form (application/x-www-form-urlencoded, as a browser posts it without script).
 * A body that is refused is still read to its end and dropped, so the answer reaches the browser.
 */
export function readFormBody(request: Request): Promise<URLSearchParams> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  // Read already by someone else: waiting for its end would wait forever.
  if (request.readableEnded)
    return Promise.reject(new PageProblem(400, 'page.problem.unreadable.title', 'page.problem.unreadable.text'));
  return new Promise((resolve, reject) => {
    let refusal: PageProblem | null =
      type === 'application/x-www-form-urlencoded'
        ? null
        : new PageProblem(415, 'page.problem.unreadable.title', 'page.problem.unreadable.text');
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (!refusal && size > FORM_LIMIT_BYTES)
        refusal = new PageProblem(413, 'page.problem.tooLarge.title', 'page.problem.unreadable.text');
      if (!refusal) chunks.push(chunk);
    });
    request.on('end', () => {
      if (refusal) reject(refusal);
      else resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    });
    request.on('error', reject);
  });
}
