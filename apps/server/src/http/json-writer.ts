import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";

/**
 * A response serializer compiled from a zod schema: one generated function that writes the
 * schema's keys in its order (as zod's encode does, so the JSON is the same bytes) with cheap
 * type checks, instead of zod encoding a copy of the whole answer and JSON.stringify walking it
 * again. Hot read routes (the ticket list, the message page) use it; a schema with anything the
 * writer does not know (a transform, a codec, a union) keeps zod's serializer, so it never writes
 * something zod would not. A value of the wrong type throws, as zod's encode does.
 */
export type JsonWriter = (value: unknown) => string;

class Unsupported extends Error {}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, string | number>;
  checks?: unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Generated code: `emit` writes `value`'s JSON onto `out`, `fail` throws for a bad value. */
class Generator {
  private counter = 0;
  readonly constants: unknown[] = [];

  variable(): string {
    return `v${this.counter++}`;
  }

  constant(value: unknown): string {
    this.constants.push(value);
    return `c[${this.constants.length - 1}]`;
  }

  emit(schema: z.ZodType, value: string, path: string): string {
    const def = defOf(schema);
    const fail = `f(${JSON.stringify(path)})`;
    switch (def.type) {
      case "string":
        if (def.checks?.length) throw new Unsupported("string checks");
        return `if (typeof ${value} !== "string") ${fail}; o += JSON.stringify(${value});`;
      case "number":
        if (def.checks?.length) throw new Unsupported("number checks");
        return `if (typeof ${value} !== "number" || !Number.isFinite(${value})) ${fail}; o += "" + ${value};`;
      case "boolean":
        return `if (${value} === true) o += "true"; else if (${value} === false) o += "false"; else ${fail};`;
      case "enum": {
        const values = Object.values(def.entries ?? {});
        if (!values.every((entry) => typeof entry === "string")) throw new Unsupported("numeric enum");
        return `if (!${this.constant(new Set(values))}.has(${value})) ${fail}; o += JSON.stringify(${value});`;
      }
      case "nullable":
        return `if (${value} === null) o += "null"; else { ${this.emit(def.innerType!, value, path)} }`;
      case "array": {
        const item = this.variable();
        const index = this.variable();
        return (
          `if (!Array.isArray(${value})) ${fail}; o += "[";` +
          `for (let ${index} = 0; ${index} < ${value}.length; ${index}++) {` +
          `if (${index} > 0) o += ","; const ${item} = ${value}[${index}]; ${this.emit(def.element!, item, `${path}[]`)} }` +
          `o += "]";`
        );
      }
      case "object":
        return this.object(def.shape ?? {}, value, path);
      default:
        throw new Unsupported(def.type);
    }
  }

  private object(shape: Record<string, z.ZodType>, value: string, path: string): string {
    const first = this.variable();
    let code = `if (typeof ${value} !== "object" || ${value} === null) f(${JSON.stringify(path)}); o += "{"; let ${first} = true;`;
    for (const [key, field] of Object.entries(shape)) {
      const property = this.variable();
      const label = JSON.stringify(`${JSON.stringify(key)}:`);
      const fieldDef = defOf(field);
      const optional = fieldDef.type === "optional";
      const write = this.emit(optional ? fieldDef.innerType! : field, property, `${path}.${key}`);
      const body = `o += ${first} ? ${label} : "," + ${label}; ${first} = false; ${write}`;
      code += `{ const ${property} = ${value}[${JSON.stringify(key)}];`;
      code += optional ? `if (${property} !== undefined) { ${body} } }` : `${body} }`;
    }
    return `${code} o += "}";`;
  }
}

/** Compiles `schema` into a writer, or answers undefined when it holds something the writer does not know. */
export function compileJsonWriter(schema: z.ZodType): JsonWriter | undefined {
  if (!(schema as { _zod?: unknown } | undefined)?._zod) return undefined;
  const generator = new Generator();
  let body: string;
  try {
    body = generator.emit(schema, "value", "$");
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  const fail = (path: string) => {
    throw new Error(`response does not match its schema at ${path}`);
  };
  const factory = new Function("c", "f", `return function write(value) { let o = ""; ${body} return o; };`);
  return factory(generator.constants, fail) as JsonWriter;
}

/**
 * A route's `serializerCompiler`: the compiled writer for a zod response schema, else zod's own
 * (fastify-type-provider-zod's) for the schema.
 */
export function compiledSerializerCompiler(route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}): (data: unknown) => string {
  const writer = compileJsonWriter(route.schema as z.ZodType);
  return writer ?? zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
}
