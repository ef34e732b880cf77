// TEMPORARY stand-in until the request-samples branch lands.
import type {JsonObject} from './document';
import type {ApiOperation} from './operations';
export type RequestSample = {id: string; label: string; language: string; library: string; code: string};
export function requestSamples(spec: JsonObject, operation: ApiOperation): RequestSample[] {
  const url = String(spec.servers[0].url) + operation.path;
  return [{id: 'curl', label: 'curl', language: 'bash', library: 'curl', code: `curl -X ${operation.method.toUpperCase()} '${url}' \\\n  -H "Authorization: Bearer $VIGIL_API_TOKEN"`}];
}
