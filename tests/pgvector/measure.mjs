// Measures what a real pgvector stores: PostgreSQL and pgvector compiled to wasm (PGlite)
// build a table and its vector index for each case read as JSON from standard input, and
// this prints the relations' sizes as one JSON array (tests/test_pgvector_measured.py).
//
// A case: {"name", "type": "vector"|"halfvec"|"bit", "dimensions", "rows", "id": "bigint"
// |"integer", "fillfactor", "index": "hnsw"|"ivfflat"|null, "m", "ef_construction", "lists"}.
// Vectors are random with a fixed seed (setseed), one distinct vector a row: equal vectors
// would share one HNSW element, which the model does not count.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite/vector";

const OPERATORS = { vector: "vector_l2_ops", halfvec: "halfvec_l2_ops", bit: "bit_hamming_ops" };

function valueSql(type, dimensions) {
  // One value of `dimensions` random components, made once per row (the row number in the
  // WHERE clause keeps PostgreSQL from computing the subquery once for the whole table).
  if (type === "bit") {
    return `(SELECT string_agg(CASE WHEN random() < 0.5 THEN '1' ELSE '0' END, '')::bit(${dimensions})
      FROM generate_series(1, ${dimensions}) WHERE i > 0)`;
  }
  return `(SELECT array_agg(random()::real)::vector(${dimensions})::${type}(${dimensions})
    FROM generate_series(1, ${dimensions}) WHERE i > 0)`;
}

function indexSql(spec) {
  const ops = OPERATORS[spec.type];
  if (spec.index === "hnsw") {
    return `CREATE INDEX t_idx ON t USING hnsw (v ${ops})
      WITH (m = ${spec.m}, ef_construction = ${spec.ef_construction})`;
  }
  if (spec.index === "ivfflat") {
    return `CREATE INDEX t_idx ON t USING ivfflat (v ${ops}) WITH (lists = ${spec.lists})`;
  }
  return null;
}

async function size(db, sql) {
  const result = await db.query(sql);
  return result.rows.length ? Number(result.rows[0].bytes) : 0;
}

async function measure(db, spec) {
  const started = Date.now();
  await db.exec("DROP TABLE IF EXISTS t");
  await db.exec(
    `CREATE TABLE t (id ${spec.id} PRIMARY KEY, v ${spec.type}(${spec.dimensions}) NOT NULL)
      WITH (fillfactor = ${spec.fillfactor})`,
  );
  await db.exec(`SELECT setseed(${spec.seed ?? 0.25})`);
  await db.exec(
    `INSERT INTO t SELECT i, ${valueSql(spec.type, spec.dimensions)}
      FROM generate_series(1, ${spec.rows}) AS i`,
  );
  const index = indexSql(spec);
  // HNSW's levels and IVFFlat's k-means draw from the backend's own generator, which
  // setseed does not reach: the indexes may differ by a page or so from run to run.
  if (index !== null) await db.exec(index);
  const toast = "(SELECT reltoastrelid FROM pg_class WHERE relname = 't')";
  return {
    ...spec,
    heap_bytes: await size(db, "SELECT pg_relation_size('t') AS bytes"),
    toast_bytes: await size(db, `SELECT pg_relation_size(${toast}) AS bytes WHERE ${toast} <> 0`),
    toast_index_bytes: await size(
      db,
      `SELECT pg_relation_size(indexrelid) AS bytes FROM pg_index WHERE indrelid = ${toast}`,
    ),
    primary_key_bytes: await size(db, "SELECT pg_relation_size('t_pkey') AS bytes"),
    index_bytes: index === null ? 0 : await size(db, "SELECT pg_relation_size('t_idx') AS bytes"),
    milliseconds: Date.now() - started,
  };
}

async function readStdin() {
  const parts = [];
  for await (const part of process.stdin) parts.push(part);
  return Buffer.concat(parts).toString("utf8");
}

const cases = JSON.parse(await readStdin());
const started = Date.now();
const db = await PGlite.create({ extensions: { vector } });
await db.exec("CREATE EXTENSION vector");
// The graph of an HNSW build stays in memory (its in-memory phase) when it fits here.
await db.exec("SET maintenance_work_mem = '512MB'");
const version = (await db.query("SELECT extversion FROM pg_extension WHERE extname = 'vector'"))
  .rows[0].extversion;
const startMilliseconds = Date.now() - started;
const results = [];
for (const spec of cases) results.push(await measure(db, spec));
await db.close();
process.stdout.write(
  `${JSON.stringify({ pgvector: version, start_milliseconds: startMilliseconds, results })}\n`,
);
