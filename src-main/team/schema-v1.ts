// Version 1 of the team database, as literal SQL, frozen once released (a change is a new migration). Everything
// lives in one schema, seller_desk; every row carries its team (a shop), and what belongs to one marketplace
// connection carries the connection's key too, so several shops (and several connections of a shop) share one
// database without mixing. docs/team.md tells the design and the threat model.
//
// Who may do what is the database's to enforce, not the client's:
//  - members log in as themselves and are granted the group role seller_desk_member: they read their team's rows
//    (row-level security: a policy per table, `team` among the teams the session's login is a member of), write
//    notes, synced days and the sync's outcome (the caller's desktop does), marks and memos, and append to the
//    change log; they never update or delete history or the log, and never write history at all;
//  - the history's author and the log's author are the session's login (session_user), set by triggers: a
//    client cannot assert another (a member cannot SET ROLE to anyone, nor SET SESSION AUTHORIZATION);
//  - the log's positions are assigned at append under a row lock of the team's head row (log_heads), held until
//    commit: a second appender of the team waits for the first to commit, so positions are gapless and their
//    order is the commit order. A sequence would not do: values are taken at nextval and commit in any order, and a
//    reader that moved past 43 would never see a 42 committed after it.
export const TEAM_V1_SQL = String.raw`
-- The group role every member's login is granted (roles are the whole server's: created once, kept).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'seller_desk_member') THEN
    CREATE ROLE seller_desk_member NOLOGIN;
  END IF;
END $$;

CREATE TABLE seller_desk.teams (
  team text PRIMARY KEY CHECK (team <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL DEFAULT session_user
);

-- One marketplace connection (a connection profile's endpoint and account) of a team: its id keys the caller lock.
CREATE TABLE seller_desk.connections (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team text NOT NULL REFERENCES seller_desk.teams,
  connection text NOT NULL CHECK (connection <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team, connection)
);

-- The people of a team, one database login each. A removed member's row stays (removed_at), so the history's
-- authors stay known; the login itself is dropped.
CREATE TABLE seller_desk.members (
  team text NOT NULL REFERENCES seller_desk.teams,
  login text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  added_by text NOT NULL DEFAULT session_user,
  removed_at timestamptz,
  PRIMARY KEY (team, login)
);
CREATE INDEX members_by_login ON seller_desk.members (login) WHERE removed_at IS NULL;

-- The notes, with the SQLite mirror's columns (MIRROR_V1_SQL's) under the team and connection keys.
CREATE TABLE seller_desk.notes (
  team text NOT NULL,
  connection text NOT NULL,
  seq_no bigint NOT NULL,
  buyer_id text NOT NULL,
  seller_id text NOT NULL,
  item_no text NOT NULL,
  item_name text NOT NULL,
  order_no text,
  ins_date text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  reply_status text NOT NULL,
  query_type text NOT NULL,
  at bigint NOT NULL,
  day text NOT NULL,
  withdrawn_at bigint,
  PRIMARY KEY (team, connection, seq_no),
  FOREIGN KEY (team, connection) REFERENCES seller_desk.connections (team, connection)
);
CREATE INDEX notes_by_seller_day ON seller_desk.notes (team, connection, seller_id, day);

-- The days each seller has synced whole.
CREATE TABLE seller_desk.coverage (
  team text NOT NULL,
  connection text NOT NULL,
  seller_id text NOT NULL,
  day text NOT NULL,
  PRIMARY KEY (team, connection, seller_id, day),
  FOREIGN KEY (team, connection) REFERENCES seller_desk.connections (team, connection)
);

-- The last sync's outcome (NotesLastSync as JSON) and the instant the notes are as of, per connection.
CREATE TABLE seller_desk.sync_outcome (
  team text NOT NULL,
  connection text NOT NULL,
  last_sync jsonb NOT NULL,
  as_of bigint,
  synced_by text NOT NULL DEFAULT session_user,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team, connection),
  FOREIGN KEY (team, connection) REFERENCES seller_desk.connections (team, connection)
);

-- The seller's marks: handled, and a memo. changed_by is set by a trigger, whatever the client sends.
CREATE TABLE seller_desk.marks (
  team text NOT NULL,
  connection text NOT NULL,
  seq_no bigint NOT NULL,
  handled boolean NOT NULL,
  memo text NOT NULL,
  updated_at bigint NOT NULL,
  changed_by text NOT NULL DEFAULT session_user,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team, connection, seq_no),
  FOREIGN KEY (team, connection) REFERENCES seller_desk.connections (team, connection)
);

-- Who changed what, when: written only by the marks' trigger, never updated or deleted.
CREATE TABLE seller_desk.history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team text NOT NULL,
  connection text NOT NULL,
  seq_no bigint NOT NULL,
  before jsonb,
  after jsonb NOT NULL,
  author text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX history_by_note ON seller_desk.history (team, connection, seq_no, id);

-- The change feed: appended to, read past a desktop's own position; positions in commit order per team.
CREATE TABLE seller_desk.log_heads (
  team text PRIMARY KEY REFERENCES seller_desk.teams,
  pos bigint NOT NULL
);
CREATE TABLE seller_desk.change_log (
  team text NOT NULL,
  pos bigint NOT NULL,
  connection text,
  kind text NOT NULL CHECK (kind IN ('notes', 'coverage', 'sync', 'mark', 'sync-request')),
  seq_nos bigint[],
  detail jsonb,
  author text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team, pos)
);

-- ---- the teams of this session's login (a policy's test; evaluated once per query through a sub-select) ----
CREATE FUNCTION seller_desk.my_teams() RETURNS text[]
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, seller_desk AS $$
    SELECT coalesce(array_agg(team), '{}') FROM seller_desk.members
    WHERE login = session_user AND removed_at IS NULL
  $$;

-- A team's connection id, registered on first use by a member of the team.
CREATE FUNCTION seller_desk.connection_id(p_team text, p_connection text) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, seller_desk AS $$
  DECLARE found integer;
  BEGIN
    IF NOT (p_team = ANY (seller_desk.my_teams()) OR pg_has_role(session_user,
        (SELECT nspowner FROM pg_namespace WHERE nspname = 'seller_desk'), 'MEMBER')) THEN
      RAISE EXCEPTION 'not a member of team %', p_team USING ERRCODE = '42501';
    END IF;
    INSERT INTO seller_desk.connections (team, connection) VALUES (p_team, p_connection)
      ON CONFLICT (team, connection) DO NOTHING;
    SELECT id INTO found FROM seller_desk.connections WHERE team = p_team AND connection = p_connection;
    RETURN found;
  END $$;

-- ---- the log: positions and authors assigned here, whatever the client sends ----
CREATE FUNCTION seller_desk.log_append() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, seller_desk AS $$
  BEGIN
    -- The head row's lock is held until this transaction ends: the next appender of the team waits for it.
    INSERT INTO seller_desk.log_heads AS h (team, pos) VALUES (NEW.team, 1)
      ON CONFLICT (team) DO UPDATE SET pos = h.pos + 1
      RETURNING h.pos INTO NEW.pos;
    NEW.author := session_user;
    NEW.at := now();
    RETURN NEW;
  END $$;
CREATE TRIGGER change_log_append BEFORE INSERT ON seller_desk.change_log
  FOR EACH ROW EXECUTE FUNCTION seller_desk.log_append();

CREATE FUNCTION seller_desk.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = '42501';
  END $$;
CREATE TRIGGER history_append_only BEFORE UPDATE OR DELETE ON seller_desk.history
  FOR EACH ROW EXECUTE FUNCTION seller_desk.refuse_change();
CREATE TRIGGER history_no_truncate BEFORE TRUNCATE ON seller_desk.history
  FOR EACH STATEMENT EXECUTE FUNCTION seller_desk.refuse_change();
CREATE TRIGGER change_log_append_only BEFORE UPDATE OR DELETE ON seller_desk.change_log
  FOR EACH ROW EXECUTE FUNCTION seller_desk.refuse_change();
CREATE TRIGGER change_log_no_truncate BEFORE TRUNCATE ON seller_desk.change_log
  FOR EACH STATEMENT EXECUTE FUNCTION seller_desk.refuse_change();

CREATE FUNCTION seller_desk.history_author() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.author := session_user;
    NEW.at := now();
    RETURN NEW;
  END $$;
CREATE TRIGGER history_author BEFORE INSERT ON seller_desk.history
  FOR EACH ROW EXECUTE FUNCTION seller_desk.history_author();

-- ---- a mark: its changer set, its history written, the log appended ----
CREATE FUNCTION seller_desk.mark_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.changed_by := session_user;
    NEW.changed_at := now();
    RETURN NEW;
  END $$;
CREATE TRIGGER marks_stamp BEFORE INSERT OR UPDATE ON seller_desk.marks
  FOR EACH ROW EXECUTE FUNCTION seller_desk.mark_stamp();

CREATE FUNCTION seller_desk.mark_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, seller_desk AS $$
  BEGIN
    INSERT INTO seller_desk.history (team, connection, seq_no, before, after, author)
      VALUES (NEW.team, NEW.connection, NEW.seq_no,
              CASE WHEN TG_OP = 'UPDATE' THEN jsonb_build_object('handled', OLD.handled, 'memo', OLD.memo) END,
              jsonb_build_object('handled', NEW.handled, 'memo', NEW.memo), session_user);
    INSERT INTO seller_desk.change_log (team, connection, kind, seq_nos, author)
      VALUES (NEW.team, NEW.connection, 'mark', ARRAY[NEW.seq_no], session_user);
    RETURN NULL;
  END $$;
CREATE TRIGGER marks_changed AFTER INSERT OR UPDATE ON seller_desk.marks
  FOR EACH ROW EXECUTE FUNCTION seller_desk.mark_changed();

-- ---- notes, synced days and the sync's outcome: one log entry per statement and connection ----
CREATE FUNCTION seller_desk.notes_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, seller_desk AS $$
  BEGIN
    INSERT INTO seller_desk.change_log (team, connection, kind, seq_nos, author)
      SELECT team, connection, 'notes', array_agg(seq_no ORDER BY seq_no), session_user
      FROM changed GROUP BY team, connection;
    RETURN NULL;
  END $$;
CREATE TRIGGER notes_inserted AFTER INSERT ON seller_desk.notes
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION seller_desk.notes_changed();
CREATE TRIGGER notes_updated AFTER UPDATE ON seller_desk.notes
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION seller_desk.notes_changed();

CREATE FUNCTION seller_desk.coverage_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, seller_desk AS $$
  BEGIN
    INSERT INTO seller_desk.change_log (team, connection, kind, detail, author)
      SELECT team, connection, 'coverage', jsonb_object_agg(seller_id, days), session_user
      FROM (SELECT team, connection, seller_id, jsonb_agg(day ORDER BY day) AS days
            FROM changed GROUP BY team, connection, seller_id) per_seller
      GROUP BY team, connection;
    RETURN NULL;
  END $$;
CREATE TRIGGER coverage_inserted AFTER INSERT ON seller_desk.coverage
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION seller_desk.coverage_changed();

CREATE FUNCTION seller_desk.sync_recorded() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, seller_desk AS $$
  BEGIN
    NEW.synced_by := session_user;
    NEW.recorded_at := now();
    INSERT INTO seller_desk.change_log (team, connection, kind, author)
      VALUES (NEW.team, NEW.connection, 'sync', session_user);
    RETURN NEW;
  END $$;
CREATE TRIGGER sync_outcome_recorded BEFORE INSERT OR UPDATE ON seller_desk.sync_outcome
  FOR EACH ROW EXECUTE FUNCTION seller_desk.sync_recorded();

-- ---- rights: nothing to the public; a member's through the group role, and only their teams' rows ----
REVOKE ALL ON SCHEMA seller_desk FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA seller_desk FROM PUBLIC;
GRANT USAGE ON SCHEMA seller_desk TO seller_desk_member;
GRANT SELECT ON seller_desk.migrations TO seller_desk_member;
GRANT SELECT ON seller_desk.teams, seller_desk.connections, seller_desk.members, seller_desk.notes,
  seller_desk.coverage, seller_desk.sync_outcome, seller_desk.marks, seller_desk.history, seller_desk.change_log
  TO seller_desk_member;
GRANT INSERT, UPDATE ON seller_desk.notes, seller_desk.coverage, seller_desk.sync_outcome, seller_desk.marks
  TO seller_desk_member;
GRANT INSERT (team, connection, kind, seq_nos, detail) ON seller_desk.change_log TO seller_desk_member;
GRANT EXECUTE ON FUNCTION seller_desk.my_teams(), seller_desk.connection_id(text, text) TO seller_desk_member;

ALTER TABLE seller_desk.teams ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.connections ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.members ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.notes ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.coverage ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.sync_outcome ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.marks ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.history ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.change_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_team ON seller_desk.teams USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.connections USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.members USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.notes USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.coverage USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.sync_outcome USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.marks USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.history USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.change_log USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
`;
