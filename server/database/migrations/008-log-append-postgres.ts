import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * PostgreSQL only: `site_console_append_logs`, ingestion's whole transaction as one statement
 * (logs/store/app-logs-postgres.ts, decision 033). It takes the app's advisory lock (decision 012),
 * reads the app's last time AFTER it (each statement of a volatile PL/pgSQL function takes a new
 * snapshot under READ COMMITTED, so the read sees the batch that held the lock before), gives the
 * rows the next times (from `now_us`, or right after the last), inserts them, and adds them to
 * the volume rollup (decision 024). The service calls it outside a transaction, so the commit
 * ends the same round trip: the lock is held for no client round trip at all.
 *
 * `created_at` NULL means the commit time, written as JavaScript's `toISOString()` of its
 * millisecond (logs/store/app-logs-rows.ts `isoFromUs`). Returns the rows' ids and times in time order,
 * and the app's last time before them.
 *
 * `app_logs` and `app_log_search` lose their foreign key to `apps`: its check ran once per row
 * (2.4 of the insert's 7.4 ms for 500 rows, and the same for every 10,000-row chunk the indexer
 * copies). Instead the append takes the app's row `for key share` once (an app being deleted
 * waits for the batch; a batch after the delete fails as the foreign key did), the store's other
 * insert does the same (app-logs-postgres.ts), and a statement trigger on `apps` deletes a
 * deleted app's rows from both tables, as the cascade did.
 */
export const logAppendPostgresMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'postgres') return;
    await sql`create function site_console_append_logs(
        lock_space integer, app integer, now_us bigint, levels integer[], jobs text[],
        datas text[], contexts text[], created text[], searches text[])
      returns table (id bigint, time_us bigint, previous_us bigint)
      language plpgsql volatile as $$
      #variable_conflict use_column
      declare
        last_us bigint;
        start_us bigint;
      begin
        perform pg_advisory_xact_lock(lock_space, app);
        perform 1 from apps where apps.id = app for key share;
        if not found then
          raise exception 'no app %', app using errcode = 'foreign_key_violation';
        end if;
        select coalesce(max(logs.time_us), 0) into last_us from app_logs logs
          where logs.app_id = app;
        start_us := greatest(now_us, last_us + 1);
        return query
          with batch as (
            select start_us + u.n - 1 as t, u.l, u.j, u.d, u.c, u.ca, u.s
            from unnest(levels, jobs, datas, contexts, created, searches)
              with ordinality as u(l, j, d, c, ca, s, n)
          ), inserted as (
            insert into app_logs (app_id, time_us, level, job, data, context, created_at, search)
            select app, b.t, b.l, b.j, b.d::json, b.c::json,
              coalesce(b.ca, to_char(timestamp 'epoch' + (b.t / 1000) * interval '1 millisecond',
                'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              b.s
            from batch b
            returning app_logs.id, app_logs.time_us
          ), counted as (
            insert into app_log_minutes (app_id, job_key, minute_us, level, entries)
            select app, k.job_key, k.minute_us, k.l, count(*)::integer from (
              select '' as job_key, b.t - b.t % 60000000 as minute_us, b.l from batch b
              union all
              select '=' || b.j, b.t - b.t % 60000000, b.l from batch b where b.j is not null
            ) k
            group by k.job_key, k.minute_us, k.l
            on conflict (app_id, job_key, minute_us, level)
              do update set entries = app_log_minutes.entries + excluded.entries
          )
          select i.id, i.time_us, last_us from inserted i order by i.time_us;
      end $$`.execute(db);
    await sql`alter table app_logs drop constraint app_logs_app_id_fkey`.execute(db);
    await sql`alter table app_log_search drop constraint app_log_search_app_id_fkey`.execute(db);
    await sql`create function site_console_delete_app_logs() returns trigger
      language plpgsql as $$
      declare
        gone_id integer;
      begin
        -- One app at a time: each delete walks that app's (app_id, time_us) index range.
        for gone_id in select id from gone loop
          delete from app_log_search where app_id = gone_id;
          delete from app_logs where app_id = gone_id;
        end loop;
        return null;
      end $$`.execute(db);
    await sql`create trigger apps_delete_logs after delete on apps
      referencing old table as gone for each statement
      execute function site_console_delete_app_logs()`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    if (engineOf(db) !== 'postgres') return;
    await sql`drop trigger apps_delete_logs on apps`.execute(db);
    await sql`drop function site_console_delete_app_logs()`.execute(db);
    for (const table of ['app_logs', 'app_log_search']) {
      await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_app_id_fkey`)}
        foreign key (app_id) references apps (id) on delete cascade`.execute(db);
    }
    await sql`drop function site_console_append_logs(integer, integer, bigint, integer[], text[], text[], text[], text[], text[])`.execute(
      db,
    );
  },
};
