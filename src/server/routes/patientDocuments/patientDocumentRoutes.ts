import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { CONSENT_MAX_BYTES } from '../../../domain/patientDocuments';
import * as s from '../../../../schemas/payloads/patientDocuments';
import { callerWithPermission } from '../../resources/caller';
import { parsePathIds } from '../../resources/ids';
import { downloadFile, readDocument } from '../../services/patientDocuments/readDocument';
import { uploadDocument } from '../../services/patientDocuments/uploadDocument';

const tags = ['patient documents'];

/**
 * Patient documents (README.md in this folder): the consent form's upload, a document's signed link,
 * and the file behind a link. Upload needs patients.update, a read patients.read, on a patient the
 * caller reaches (else 404); the file route is public but takes only a valid, unexpired signed link.
 */
export const patientDocumentRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('preValidation', parsePathIds);

  // Streams the parts (the route reads the file chunk by chunk and stops past the limit); a part
  // larger than the limit plus a byte is cut by the parser itself; a few small fields at most.
  await app.register(multipart, {
    limits: { fileSize: CONSENT_MAX_BYTES + 1, files: 2, fields: 4, fieldSize: 100, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: false,
  });

  app.post('/patient-documents/upload', { onRequest: app.authenticate, schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const document = await uploadDocument(app, request, callerWithPermission(request, 'patients.update'));
    return reply.code(201).send(document);
  });
  app.get('/patient-documents/:id', { onRequest: app.authenticate, schema: { tags, params: s.idParams } }, (request) =>
    readDocument(app, request, callerWithPermission(request, 'patients.read'), request.params.id),
  );

  app.get('/files/:id', { schema: { tags, params: s.idParams, querystring: s.fileLinkQuery, security: [] } }, async (request, reply) => {
    const file = await downloadFile(app, request, { id: request.params.id, ...request.query });
    const name = (file.fileName ?? `document-${String(file.id)}.pdf`).replace(/["\\\r\n]/g, '');
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
};
