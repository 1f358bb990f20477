// Version 3 of the team database, frozen once released: working as a team in the inbox. What a member does to a
// note beyond its marks, each written only through a function that runs as the schema's owner and takes the
// author from the session's login (members get no INSERT, UPDATE or DELETE on these tables):
//  - assignments: one assignee per note (or none). take_note sets the session's login when nobody has the note;
//    assign_note sets a named current member (or none) when the assignee is still the one the caller saw. Both are
//    one INSERT … ON CONFLICT DO UPDATE … WHERE: of two takers at once, the second waits for the first's row and
//    re-checks the condition against it, so exactly one wins and the other is told who has it;
//  - presence: which desktop of which login is viewing or answering which note, with a heartbeat the database
//    stamps; readers keep only heartbeats younger than 15 s of the database's clock, so a vanished desktop is
//    forgotten without any job;
//  - memo entries: a thread per note, each entry with its author and a version; edit and delete are its author's
//    only and carry the version they were made on: a stale one is refused, never applied over another;
//  - statuses: snoozed until an instant (computed against the clock when read: it comes back by itself), or no
//    reply needed with a reason; the marketplace's ReplyComplete wins over both when the inbox reads them;
//  - the history gains a kind (mark, assign, presence, memo, status, answered), and a note its first sighting
//    (first_seen_at/by, the database's defaults; members may not write them) and an `answered` entry when a sync
//    turns it ReplyComplete.
// Changes other desktops pull are logged as `assignment`, `status` and `memo` entries.
const OWNER_FUNCTION = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, seller_desk';

export const TEAM_V3_SQL = String.raw`
ALTER TABLE seller_desk.history ADD COLUMN kind text NOT NULL DEFAULT 'mark'
  CHECK (kind IN ('mark', 'assign', 'presence', 'memo', 'status', 'answered'));
ALTER TABLE seller_desk.change_log DROP CONSTRAINT change_log_kind_check;
ALTER TABLE seller_desk.change_log ADD CONSTRAINT change_log_kind_check
  CHECK (kind IN ('notes', 'coverage', 'sync', 'mark', 'sync-request', 'assignment', 'memo', 'status'));

-- A note's first sighting: the database's defaults (NULL for notes written before this version).
ALTER TABLE seller_desk.notes ADD COLUMN first_seen_at timestamptz, ADD COLUMN first_seen_by text;
ALTER TABLE seller_desk.notes ALTER COLUMN first_seen_at SET DEFAULT now(),
  ALTER COLUMN first_seen_by SET DEFAULT session_user;
REVOKE INSERT, UPDATE ON seller_desk.notes FROM seller_desk_member;
GRANT INSERT (team, connection, seq_no, buyer_id, seller_id, item_no, item_name, order_no, ins_date, title, content,
              reply_status, query_type, at, day, withdrawn_at),
      UPDATE (team, connection, seq_no, buyer_id, seller_id, item_no, item_name, order_no, ins_date, title, content,
              reply_status, query_type, at, day, withdrawn_at)
  ON seller_desk.notes TO seller_desk_member;

CREATE FUNCTION seller_desk.note_answered() RETURNS trigger ${OWNER_FUNCTION} AS $$
  BEGIN
    INSERT INTO seller_desk.history (team, connection, seq_no, kind, before, after, author)
      VALUES (NEW.team, NEW.connection, NEW.seq_no, 'answered', jsonb_build_object('replyStatus', OLD.reply_status),
              jsonb_build_object('replyStatus', NEW.reply_status), session_user);
    RETURN NULL;
  END $$;
CREATE TRIGGER notes_answered AFTER UPDATE ON seller_desk.notes FOR EACH ROW
  WHEN (NEW.reply_status = 'ReplyComplete' AND OLD.reply_status IS DISTINCT FROM 'ReplyComplete')
  EXECUTE FUNCTION seller_desk.note_answered();

-- The caller of a team function must be a current member of the team (or the schema's owner).
CREATE FUNCTION seller_desk.require_member(p_team text) RETURNS void ${OWNER_FUNCTION} AS $$
  BEGIN
    IF NOT (p_team = ANY (seller_desk.my_teams()) OR pg_has_role(session_user,
        (SELECT nspowner FROM pg_namespace WHERE nspname = 'seller_desk'), 'MEMBER')) THEN
      RAISE EXCEPTION 'not a member of team %', p_team USING ERRCODE = '42501';
    END IF;
  END $$;

CREATE FUNCTION seller_desk.log_note(p_team text, p_connection text, p_kind text, p_seq_no bigint) RETURNS void
  ${OWNER_FUNCTION} AS $$
  BEGIN
    INSERT INTO seller_desk.change_log (team, connection, kind, seq_nos, author)
      VALUES (p_team, p_connection, p_kind, ARRAY[p_seq_no], session_user);
  END $$;

-- ---- assignments ----
CREATE TABLE seller_desk.assignments (
  team text NOT NULL,
  connection text NOT NULL,
  seq_no bigint NOT NULL,
  assignee text,
  assigned_by text NOT NULL,
  assigned_at timestamptz NOT NULL,
  PRIMARY KEY (team, connection, seq_no),
  FOREIGN KEY (team, connection, seq_no) REFERENCES seller_desk.notes
);

-- Sets the assignee when it is still p_expected (NULL: nobody); returns whether it did and the assignment now.
CREATE FUNCTION seller_desk.set_assignee(p_team text, p_connection text, p_seq_no bigint, p_to text,
    p_expected text, OUT done boolean, OUT assignee text, OUT assigned_by text, OUT assigned_at timestamptz)
  ${OWNER_FUNCTION} AS $$
  DECLARE before_row seller_desk.assignments;
  BEGIN
    PERFORM seller_desk.require_member(p_team);
    IF p_to IS NOT NULL AND NOT EXISTS (SELECT 1 FROM seller_desk.members m
        WHERE m.team = p_team AND m.login = p_to AND m.removed_at IS NULL) THEN
      RAISE EXCEPTION '% is not a current member of team %', p_to, p_team USING ERRCODE = '22023';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM seller_desk.notes n
        WHERE n.team = p_team AND n.connection = p_connection AND n.seq_no = p_seq_no) THEN
      RAISE EXCEPTION 'SeqNo % is not among the team''s notes of this connection', p_seq_no USING ERRCODE = 'P0002';
    END IF;
    IF p_to IS NOT DISTINCT FROM p_expected THEN
      done := false;
    ELSIF p_expected IS NULL THEN
      -- Nobody has it (no row, or a released one): a second caller at once waits for the first's row, then finds
      -- the WHERE false against it.
      INSERT INTO seller_desk.assignments AS a (team, connection, seq_no, assignee, assigned_by, assigned_at)
        VALUES (p_team, p_connection, p_seq_no, p_to, session_user, now())
        ON CONFLICT (team, connection, seq_no) DO UPDATE
          SET assignee = excluded.assignee, assigned_by = excluded.assigned_by, assigned_at = excluded.assigned_at
          WHERE a.assignee IS NULL
        RETURNING a.assignee, a.assigned_by, a.assigned_at INTO assignee, assigned_by, assigned_at;
      done := FOUND;
    ELSE
      UPDATE seller_desk.assignments AS a SET assignee = p_to, assigned_by = session_user, assigned_at = now()
        WHERE a.team = p_team AND a.connection = p_connection AND a.seq_no = p_seq_no AND a.assignee = p_expected
          AND p_to IS DISTINCT FROM p_expected
        RETURNING a.assignee, a.assigned_by, a.assigned_at INTO assignee, assigned_by, assigned_at;
      done := FOUND;
    END IF;
    IF done THEN
      INSERT INTO seller_desk.history (team, connection, seq_no, kind, before, after, author)
        VALUES (p_team, p_connection, p_seq_no, 'assign', jsonb_build_object('assignee', p_expected),
                jsonb_build_object('assignee', p_to), session_user);
      PERFORM seller_desk.log_note(p_team, p_connection, 'assignment', p_seq_no);
      RETURN;
    END IF;
    SELECT a.assignee, a.assigned_by, a.assigned_at INTO assignee, assigned_by, assigned_at
      FROM seller_desk.assignments a
      WHERE a.team = p_team AND a.connection = p_connection AND a.seq_no = p_seq_no;
  END $$;

CREATE FUNCTION seller_desk.take_note(p_team text, p_connection text, p_seq_no bigint,
    OUT done boolean, OUT assignee text, OUT assigned_by text, OUT assigned_at timestamptz)
  ${OWNER_FUNCTION} AS $$
  BEGIN
    SELECT * INTO done, assignee, assigned_by, assigned_at
      FROM seller_desk.set_assignee(p_team, p_connection, p_seq_no, session_user, NULL);
  END $$;

CREATE FUNCTION seller_desk.assign_note(p_team text, p_connection text, p_seq_no bigint, p_to text, p_expected text,
    OUT done boolean, OUT assignee text, OUT assigned_by text, OUT assigned_at timestamptz)
  ${OWNER_FUNCTION} AS $$
  BEGIN
    SELECT * INTO done, assignee, assigned_by, assigned_at
      FROM seller_desk.set_assignee(p_team, p_connection, p_seq_no, p_to, p_expected);
  END $$;

-- ---- presence: one row per desktop of a login (a desktop is at one note at a time) ----
CREATE TABLE seller_desk.presence (
  team text NOT NULL,
  login text NOT NULL,
  desktop text NOT NULL CHECK (desktop <> '' AND length(desktop) <= 100),
  connection text NOT NULL,
  seq_no bigint NOT NULL,
  state text NOT NULL CHECK (state IN ('viewing', 'answering')),
  since timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  PRIMARY KEY (team, login, desktop),
  FOREIGN KEY (team, connection, seq_no) REFERENCES seller_desk.notes
);
CREATE INDEX presence_by_note ON seller_desk.presence (team, connection, seq_no);

-- A heartbeat older than this is a desktop that is gone.
CREATE FUNCTION seller_desk.presence_ttl() RETURNS interval LANGUAGE sql IMMUTABLE AS $$ SELECT interval '15 seconds' $$;

CREATE FUNCTION seller_desk.heartbeat(p_team text, p_connection text, p_seq_no bigint, p_desktop text,
    p_state text) RETURNS void ${OWNER_FUNCTION} AS $$
  DECLARE started boolean;
  BEGIN
    PERFORM seller_desk.require_member(p_team);
    INSERT INTO seller_desk.presence AS p (team, login, desktop, connection, seq_no, state, since, heartbeat_at)
      VALUES (p_team, session_user, p_desktop, p_connection, p_seq_no, p_state, now(), now())
      ON CONFLICT (team, login, desktop) DO UPDATE SET
        connection = excluded.connection, seq_no = excluded.seq_no, state = excluded.state,
        heartbeat_at = excluded.heartbeat_at,
        since = CASE WHEN (p.connection, p.seq_no, p.state) IS DISTINCT FROM
                          (excluded.connection, excluded.seq_no, excluded.state)
                       OR p.heartbeat_at <= now() - seller_desk.presence_ttl()
                     THEN excluded.since ELSE p.since END
      RETURNING p.since = now() INTO started;
    IF started THEN
      INSERT INTO seller_desk.history (team, connection, seq_no, kind, after, author)
        VALUES (p_team, p_connection, p_seq_no, 'presence',
                jsonb_build_object('state', p_state, 'desktop', p_desktop), session_user);
    END IF;
  END $$;

CREATE FUNCTION seller_desk.presence_leave(p_team text, p_desktop text) RETURNS void ${OWNER_FUNCTION} AS $$
  BEGIN
    DELETE FROM seller_desk.presence WHERE team = p_team AND login = session_user AND desktop = p_desktop;
  END $$;

-- ---- memo entries: a thread per note ----
CREATE TABLE seller_desk.memo_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  team text NOT NULL,
  connection text NOT NULL,
  seq_no bigint NOT NULL,
  author text NOT NULL,
  body text NOT NULL CHECK (body <> '' AND length(body) <= 10000),
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  edited_at timestamptz,
  deleted_at timestamptz,
  FOREIGN KEY (team, connection, seq_no) REFERENCES seller_desk.notes
);
CREATE INDEX memo_entries_by_note ON seller_desk.memo_entries (team, connection, seq_no, id);

CREATE FUNCTION seller_desk.memo_add(p_team text, p_connection text, p_seq_no bigint, p_body text)
  RETURNS bigint ${OWNER_FUNCTION} AS $$
  DECLARE new_id bigint;
  BEGIN
    PERFORM seller_desk.require_member(p_team);
    INSERT INTO seller_desk.memo_entries (team, connection, seq_no, author, body, version, created_at)
      VALUES (p_team, p_connection, p_seq_no, session_user, p_body, 1, now()) RETURNING id INTO new_id;
    INSERT INTO seller_desk.history (team, connection, seq_no, kind, after, author)
      VALUES (p_team, p_connection, p_seq_no, 'memo',
              jsonb_build_object('entry', new_id, 'body', p_body, 'version', 1), session_user);
    PERFORM seller_desk.log_note(p_team, p_connection, 'memo', p_seq_no);
    RETURN new_id;
  END $$;

-- Edits (p_body) or deletes (NULL) an entry: its author only, and only the version the change was made on.
CREATE FUNCTION seller_desk.memo_change(p_id bigint, p_version integer, p_body text) RETURNS integer
  ${OWNER_FUNCTION} AS $$
  DECLARE e seller_desk.memo_entries;
  BEGIN
    SELECT * INTO e FROM seller_desk.memo_entries WHERE id = p_id FOR UPDATE;
    IF NOT FOUND OR NOT (e.team = ANY (seller_desk.my_teams())) THEN
      RAISE EXCEPTION 'memo entry % does not exist', p_id USING ERRCODE = 'P0002';
    END IF;
    IF e.author <> session_user THEN
      RAISE EXCEPTION 'memo entry % is %''s: only its author may change it', p_id, e.author USING ERRCODE = '42501';
    END IF;
    IF e.deleted_at IS NOT NULL THEN
      RAISE EXCEPTION 'memo entry % was deleted', p_id USING ERRCODE = 'SD409', DETAIL = e.version::text;
    END IF;
    IF e.version <> p_version THEN
      RAISE EXCEPTION 'memo entry % was changed meanwhile (now version %, this change was made on %)',
        p_id, e.version, p_version USING ERRCODE = 'SD409', DETAIL = e.version::text;
    END IF;
    UPDATE seller_desk.memo_entries SET body = coalesce(p_body, body), version = version + 1,
      edited_at = CASE WHEN p_body IS NULL THEN edited_at ELSE now() END,
      deleted_at = CASE WHEN p_body IS NULL THEN now() END
      WHERE id = p_id;
    INSERT INTO seller_desk.history (team, connection, seq_no, kind, before, after, author)
      VALUES (e.team, e.connection, e.seq_no, 'memo',
              jsonb_build_object('entry', p_id, 'body', e.body, 'version', e.version),
              jsonb_build_object('entry', p_id, 'body', p_body, 'version', e.version + 1,
                                 'deleted', p_body IS NULL), session_user);
    PERFORM seller_desk.log_note(e.team, e.connection, 'memo', e.seq_no);
    RETURN e.version + 1;
  END $$;

-- ---- statuses beyond the marketplace's: snoozed until an instant, or no reply needed with a reason ----
CREATE TABLE seller_desk.note_status (
  team text NOT NULL,
  connection text NOT NULL,
  seq_no bigint NOT NULL,
  snoozed_until timestamptz,
  no_reply_reason text CHECK (no_reply_reason <> '' AND length(no_reply_reason) <= 500),
  set_by text NOT NULL,
  set_at timestamptz NOT NULL,
  PRIMARY KEY (team, connection, seq_no),
  FOREIGN KEY (team, connection, seq_no) REFERENCES seller_desk.notes,
  CHECK (snoozed_until IS NULL OR no_reply_reason IS NULL)
);

-- Sets a note's status: a snooze (p_until, in the future), no reply needed (p_reason), or neither (cleared).
CREATE FUNCTION seller_desk.set_note_status(p_team text, p_connection text, p_seq_no bigint,
    p_until timestamptz, p_reason text) RETURNS boolean ${OWNER_FUNCTION} AS $$
  DECLARE
    old seller_desk.note_status;
    had boolean;
    old_until timestamptz;
  BEGIN
    PERFORM seller_desk.require_member(p_team);
    IF p_until IS NOT NULL AND p_until <= now() THEN
      RAISE EXCEPTION 'a snooze must end in the future' USING ERRCODE = '22023';
    END IF;
    SELECT * INTO old FROM seller_desk.note_status
      WHERE team = p_team AND connection = p_connection AND seq_no = p_seq_no FOR UPDATE;
    had := FOUND;
    -- A snooze that has ended is no status any more.
    old_until := CASE WHEN old.snoozed_until > now() THEN old.snoozed_until END;
    IF (old_until, old.no_reply_reason) IS NOT DISTINCT FROM (p_until, p_reason) THEN
      RETURN false;
    END IF;
    INSERT INTO seller_desk.note_status AS s (team, connection, seq_no, snoozed_until, no_reply_reason, set_by, set_at)
      VALUES (p_team, p_connection, p_seq_no, p_until, p_reason, session_user, now())
      ON CONFLICT (team, connection, seq_no) DO UPDATE SET snoozed_until = excluded.snoozed_until,
        no_reply_reason = excluded.no_reply_reason, set_by = excluded.set_by, set_at = excluded.set_at;
    INSERT INTO seller_desk.history (team, connection, seq_no, kind, before, after, author)
      VALUES (p_team, p_connection, p_seq_no, 'status',
              CASE WHEN had THEN jsonb_build_object('snoozedUntil', old.snoozed_until,
                                                                'noReplyReason', old.no_reply_reason) END,
              jsonb_build_object('snoozedUntil', p_until, 'noReplyReason', p_reason), session_user);
    PERFORM seller_desk.log_note(p_team, p_connection, 'status', p_seq_no);
    RETURN true;
  END $$;

-- ---- rights: read the team's rows; write only through the functions ----
REVOKE ALL ON FUNCTION seller_desk.note_answered(), seller_desk.require_member(text),
  seller_desk.log_note(text, text, text, bigint),
  seller_desk.set_assignee(text, text, bigint, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION seller_desk.take_note(text, text, bigint), seller_desk.assign_note(text, text, bigint, text, text),
  seller_desk.presence_ttl(), seller_desk.heartbeat(text, text, bigint, text, text), seller_desk.presence_leave(text, text),
  seller_desk.memo_add(text, text, bigint, text), seller_desk.memo_change(bigint, integer, text),
  seller_desk.set_note_status(text, text, bigint, timestamptz, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION seller_desk.take_note(text, text, bigint),
  seller_desk.assign_note(text, text, bigint, text, text), seller_desk.presence_ttl(),
  seller_desk.heartbeat(text, text, bigint, text, text), seller_desk.presence_leave(text, text),
  seller_desk.memo_add(text, text, bigint, text), seller_desk.memo_change(bigint, integer, text),
  seller_desk.set_note_status(text, text, bigint, timestamptz, text) TO seller_desk_member;
GRANT SELECT ON seller_desk.assignments, seller_desk.presence, seller_desk.memo_entries, seller_desk.note_status
  TO seller_desk_member;
ALTER TABLE seller_desk.assignments ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.presence ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.memo_entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE seller_desk.note_status ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_team ON seller_desk.assignments USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.presence USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.memo_entries USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
CREATE POLICY own_team ON seller_desk.note_status USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
`;
