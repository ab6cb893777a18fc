/**
 * The table listing MikroORM's PostgreSQL schema helper runs (the migrator, looking for its
 * journal, and the schema diff) casts every table name of the database to `regclass`. A table
 * or schema that someone else drops between the scan and the cast fails the whole query
 * ("schema ... does not exist"), so a start could fail on another tenant's DDL. This listing
 * reads the same facts straight from the catalog under one snapshot: nothing is looked up by
 * name, so nothing can vanish under it.
 */
import type { MikroORM } from '@mikro-orm/core';

const LIST_TABLES = `select c.relname as table_name, n.nspname as schema_name,
    pg_catalog.obj_description(c.oid, 'pg_class') as table_comment
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'f')
    and n.nspname not like 'pg\\_%' and n.nspname not like 'crdb\\_%' and n.nspname not like '\\_timescaledb\\_%'
    and n.nspname not in ('information_schema', 'tiger', 'topology')
    and c.relname not in ('geometry_columns', 'spatial_ref_sys')
    and not exists (select 1 from pg_catalog.pg_inherits i where i.inhrelid = c.oid)
  order by c.relname`;

export function listTablesFromCatalog(orm: MikroORM): void {
  const helper = orm.em.getPlatform().getSchemaHelper() as { getListTablesSQL(): string } | undefined;
  if (helper) helper.getListTablesSQL = () => LIST_TABLES;
}
