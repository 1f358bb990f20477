// Version 2 of the team database, frozen once released: every change-log entry wakes the desktops listening on
// the channel seller_desk_log (the payload is the entry's team; NOTIFY is sent at commit, so a wake-up never
// comes before the entry can be read). A wake-up is only that: a desktop that was away reads past its own
// position when it is back (team/pull.ts), nothing is replayed to it.
export const TEAM_V2_SQL = String.raw`
CREATE FUNCTION seller_desk.log_notify() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('seller_desk_log', NEW.team);
    RETURN NULL;
  END $$;
REVOKE ALL ON FUNCTION seller_desk.log_notify() FROM PUBLIC;
CREATE TRIGGER change_log_notify AFTER INSERT ON seller_desk.change_log
  FOR EACH ROW EXECUTE FUNCTION seller_desk.log_notify();
`;
