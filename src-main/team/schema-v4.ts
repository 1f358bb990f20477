// Version 4 of the team database, frozen once released: the EncryptedTicket the marketplace last handed to a
// connection's caller, kept for the next caller, sealed. The row holds only what the caller's desktop sealed with
// a key derived from the team key (AES-256-GCM; team/ticket-seal.ts): the database never sees the ticket or the
// key, only the key's id (to tell a member their key is not the current one) and a sequence. A seal replaces the
// row only with a higher sequence, and only from the session that holds the connection's caller lock (checked by
// the statement itself, team/ticket-seal.ts), so an older seal, or a caller that lost the lock, never replaces a
// newer one. Members read, insert and update their own team's row; nobody deletes one (rotate-key re-seals it).
export const TEAM_V4_SQL = String.raw`
CREATE TABLE seller_desk.sealed_tickets (
  team text NOT NULL,
  connection text NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  key_id text NOT NULL CHECK (key_id ~ '^[0-9a-f]{16}$'),
  -- iv (12 bytes) || tag (16 bytes) || ciphertext: never a readable ticket.
  sealed bytea NOT NULL CHECK (octet_length(sealed) > 28),
  sealed_by text NOT NULL DEFAULT session_user,
  sealed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team, connection),
  FOREIGN KEY (team, connection) REFERENCES seller_desk.connections (team, connection)
);

CREATE FUNCTION seller_desk.sealed_ticket_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.sealed_by := session_user;
    NEW.sealed_at := now();
    RETURN NEW;
  END $$;
REVOKE ALL ON FUNCTION seller_desk.sealed_ticket_stamp() FROM PUBLIC;
CREATE TRIGGER sealed_tickets_stamp BEFORE INSERT OR UPDATE ON seller_desk.sealed_tickets
  FOR EACH ROW EXECUTE FUNCTION seller_desk.sealed_ticket_stamp();

GRANT SELECT, INSERT, UPDATE ON seller_desk.sealed_tickets TO seller_desk_member;
ALTER TABLE seller_desk.sealed_tickets ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_team ON seller_desk.sealed_tickets
  USING (team = ANY ((SELECT seller_desk.my_teams())::text[]));
`;
