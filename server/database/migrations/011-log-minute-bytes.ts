import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * Issue 26, decision 040: the minute rollup (006) also sums each minute's stored size, so the
 * ingestion quota on stored bytes (server/logs/waits/log-quota.ts) and retention by size read an app's
 * size from its minutes, not from every row. An entry's size is the length of the texts it is
 * stored as: `data`, `context` and `search` (characters: the byte count of ASCII text, a little
 * under it for other text; the table's indexes and the search index come on top). Filled from
 * the rows already stored. On PostgreSQL ingestion's one statement (008) adds the sizes too.
 */
export const logMinuteBytesMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await sql`alter table app_log_minutes add column bytes bigint not null default 0`.execute(db);
    const size =
      engineOf(db) === 'postgres'
        ? sql`length(data::text) + coalesce(length(context::text), 0) + length(search)`
        : sql`length(data) + coalesce(length(context), 0) + length(search)`;
    await sql`update app_log_minutes set bytes = sized.bytes from (
        select app_id, '' as job_key, time_us - time_us % 60000000 as minute_us, level,
          sum(${size}) as bytes
        from app_logs group by app_id, time_us - time_us % 60000000, level
        union all
        select app_id, '=' || job, time_us - time_us % 60000000, level, sum(${size})
        from app_logs where job is not null
        group by app_id, job, time_us - time_us % 60000000, level
      ) sized
      where app_log_minutes.app_id = sized.app_id and app_log_minutes.job_key = sized.job_key
        and app_log_minutes.minute_us = sized.minute_us and app_log_minutes.level = sized.level`.execute(
      db,
    );
    if (engineOf(db) !== 'postgres') return;
    await sql`create or replace function site_console_append_logs(
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
            insert into app_log_minutes (app_id, job_key, minute_us, level, entries, bytes)
            select app, k.job_key, k.minute_us, k.l, count(*)::integer, sum(k.n)::bigint from (
              select '' as job_key, b.t - b.t % 60000000 as minute_us, b.l,
                length(b.d) + coalesce(length(b.c), 0) + length(b.s) as n from batch b
              union all
              select '=' || b.j, b.t - b.t % 60000000, b.l,
                length(b.d) + coalesce(length(b.c), 0) + length(b.s) from batch b where b.j is not null
            ) k
            group by k.job_key, k.minute_us, k.l
            on conflict (app_id, job_key, minute_us, level)
              do update set entries = app_log_minutes.entries + excluded.entries,
                bytes = app_log_minutes.bytes + excluded.bytes
          )
          select i.id, i.time_us, last_us from inserted i order by i.time_us;
      end $$`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await sql`alter table app_log_minutes drop column bytes`.execute(db);
    if (engineOf(db) !== 'postgres') return;
    await sql`create or replace function site_console_append_logs(
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
  },
};
