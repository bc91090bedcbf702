// The contract's OpenAPI document as served: built from the operations on the first request, then kept (it never changes).
import { buildOpenApiDocument } from '../../contract/openapi';

let text: string | undefined;

export function openApiDocumentText(): string {
  return (text ??= JSON.stringify(buildOpenApiDocument()));
}
