import {OPENAPI_SPEC_PATH} from '../../config/api-reference';
import {loadOpenApiDescription, type JsonObject} from '../../src/openapi';

/** The site's OpenAPI description, loaded and validated as the build loads it. */
export function loadSpec(): JsonObject {
  return loadOpenApiDescription(OPENAPI_SPEC_PATH);
}
