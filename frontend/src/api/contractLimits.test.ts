import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contractLimits, type FieldLimits } from './contractLimits';

interface Schema {
  properties?: Record<string, Schema>;
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}

const spec = parse(readFileSync(resolve(import.meta.dirname, '../../../openapi.yaml'), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};

/** A property's limits as the contract states them; an array's item length counts as its maxLength. */
function limitsOf(property: Schema): FieldLimits {
  const limits: FieldLimits = {};
  for (const name of ['minLength', 'maxLength', 'minimum', 'maximum', 'maxItems'] as const) {
    if (property[name] !== undefined) limits[name] = property[name];
  }
  if (property.items?.maxLength !== undefined) limits.maxLength = property.items.maxLength;
  return limits;
}

describe('contractLimits', () => {
  for (const [schemaName, fields] of Object.entries(contractLimits)) {
    it(`matches openapi.yaml for ${schemaName}`, () => {
      const schema = spec.components.schemas[schemaName];
      expect(schema, schemaName).toBeDefined();
      for (const [field, limits] of Object.entries(fields)) {
        const property = schema.properties?.[field];
        expect(property, `${schemaName}.${field}`).toBeDefined();
        expect(limitsOf(property as Schema), `${schemaName}.${field}`).toEqual(limits);
      }
    });
  }
});
