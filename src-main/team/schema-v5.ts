// Version 5 of the team database, frozen once released: a snooze's end is checked against the writer's clock.
// Each desktop shows a note snoozed until its end by its own clock (the inbox reads the local copy), so "a snooze
// must end in the future" is the writer's future: set_note_status takes the writer's now (p_now) and the
// five-argument form keeps the database's own clock for a writer that names none (the command line).
const OWNER_FUNCTION = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, seller_desk';

export const TEAM_V5_SQL = String.raw`
CREATE FUNCTION seller_desk.set_note_status(p_team text, p_connection text, p_seq_no bigint,
    p_until timestamptz, p_reason text, p_now timestamptz) RETURNS boolean ${OWNER_FUNCTION} AS $$
  DECLARE
    old seller_desk.note_status;
    had boolean;
    old_until timestamptz;
  BEGIN
    PERFORM seller_desk.require_member(p_team);
    IF p_until IS NOT NULL AND p_until <= p_now THEN
      RAISE EXCEPTION 'a snooze must end in the future' USING ERRCODE = '22023';
    END IF;
    SELECT * INTO old FROM seller_desk.note_status
      WHERE team = p_team AND connection = p_connection AND seq_no = p_seq_no FOR UPDATE;
    had := FOUND;
    -- A snooze that has ended (by the writer's clock) is no status any more.
    old_until := CASE WHEN old.snoozed_until > p_now THEN old.snoozed_until END;
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

CREATE OR REPLACE FUNCTION seller_desk.set_note_status(p_team text, p_connection text, p_seq_no bigint,
    p_until timestamptz, p_reason text) RETURNS boolean ${OWNER_FUNCTION} AS $$
  BEGIN
    RETURN seller_desk.set_note_status(p_team, p_connection, p_seq_no, p_until, p_reason, now());
  END $$;

REVOKE ALL ON FUNCTION seller_desk.set_note_status(text, text, bigint, timestamptz, text, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION seller_desk.set_note_status(text, text, bigint, timestamptz, text, timestamptz)
  TO seller_desk_member;
`;
