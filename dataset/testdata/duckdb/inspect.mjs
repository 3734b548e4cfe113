// Prints, as one JSON object, what DuckDB reads from a Parquet file:
// its DESCRIBE, parquet_schema, parquet_metadata, parquet_kv_metadata and
// every row, with image bytes as hex.
//
// Usage: node inspect.mjs FILE.parquet
import { DuckDBInstance } from '@duckdb/node-api';

const file = process.argv[2];
if (!file) {
  console.error('usage: node inspect.mjs FILE.parquet');
  process.exit(2);
}
const src = `'${file.replaceAll("'", "''")}'`;

const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
const conn = await instance.connect();

async function query(sql) {
  const reader = await conn.runAndReadAll(sql);
  return reader.getRowObjectsJson();
}

function imageHex(col) {
  return `CASE WHEN ${col} IS NULL THEN NULL ` +
    `ELSE {'bytes': hex(${col}.bytes), 'path': ${col}.path} END AS ${col}`;
}

const out = {
  describe: await query(`DESCRIBE SELECT * FROM read_parquet(${src})`),
  schema: await query(
    `SELECT name, type, repetition_type, converted_type, logical_type, num_children
     FROM parquet_schema(${src})`),
  metadata: await query(
    `SELECT row_group_id, row_group_num_rows, path_in_schema, compression, encodings,
            stats_min, stats_max, stats_min_value, stats_max_value, stats_null_count
     FROM parquet_metadata(${src})
     ORDER BY row_group_id, column_id`),
  kv: await query(
    `SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata(${src})`),
  rows: await query(
    `SELECT * REPLACE (${imageHex('image')}, ${imageHex('image_2')})
     FROM read_parquet(${src})`),
};

conn.closeSync();
process.stdout.write(JSON.stringify(out));
