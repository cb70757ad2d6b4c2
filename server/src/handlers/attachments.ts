import { Readable } from 'node:stream';
import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { downloadAttachment, listAttachments, uploadAttachment } from '../cases/attachments.ts';
import { requestBodyRequired } from '../errors.ts';
import { actorOf } from '../http/request-context.ts';
import { declaredLength, readBodyUpTo } from '../http/request-body.ts';

export const attachmentsHandlers = {
  async listCaseAttachments(request, reply) {
    const { context } = request.server.cases;
    return reply
      .code(200)
      .send({ items: await listAttachments(context, actorOf(request), request.params.caseId) });
  },
  async uploadCaseAttachment(request, reply) {
    const actor = actorOf(request);
    // The raw-bytes parser (http/route-schemas.ts) hands over the request stream unread: the area decides whether
    // the caller may attach to the case before a byte of it is read, then reads it with the cap as it arrives.
    // The contract types it as a Blob for clients.
    const body: unknown = request.body;
    if (!(body instanceof Readable)) throw requestBodyRequired();
    const { context } = request.server.cases;
    const attachment = await uploadAttachment(
      context,
      actor,
      request.params.caseId,
      request.query.fileName,
      (limit) => readBodyUpTo(body, limit, declaredLength(request.headers)),
    );
    return reply.code(201).send(attachment);
  },
  async downloadAttachment(request, reply) {
    const { context } = request.server.cases;
    const file = await downloadAttachment(
      context,
      actorOf(request),
      request.params.attachmentId,
      request.query?.variant ?? 'original',
    );
    const name = encodeURIComponent(file.fileName);
    // Opened on its own (a PDF inline), the file would be a document of our origin: sandboxed, its script
    // cannot act as the app. Added to the policy helmet already set on the raw response, which a header of
    // the reply's own would replace rather than join.
    const policy = reply.raw.getHeader('content-security-policy');
    void reply
      .type(file.contentType)
      .header('content-disposition', `inline; filename*=UTF-8''${name}`)
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', typeof policy === 'string' ? `${policy};sandbox` : 'sandbox')
      .header('x-content-type-options', 'nosniff');
    // Fastify sends a Buffer as it is; the contract's Blob is how clients receive those bytes.
    return reply.code(200).send(file.bytes as unknown as Blob);
  },
} satisfies Pick<RouteHandlers, 'listCaseAttachments' | 'uploadCaseAttachment' | 'downloadAttachment'>;
