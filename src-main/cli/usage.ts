import { SUGGEST_OPERATIONS } from '../schema';

export const USAGE = `Usage: desk <command> [options]      (npm run desk -- <command> [options])

Commands
  notes      buyer notes, every page, oldest first (by InsDate, then SeqNo), each note once,
             whatever order the marketplace answers in
               --from DATE --to DATE     YYYY-MM-DD (whole days in Korea) or an xsd:dateTime;
                                         default: the last 7 days
               --status All|NoReply|ReplyComplete   (default All)
               --item ITEMNO --order ORDERNO --seller SELLERID
               --page-size N             notes per request (default 100)
               --format table|json|csv   csv: UTF-8 with BOM, RFC 4180
               --offline                 answer from the app's notes mirror (see sync) instead of the
                                         marketplace: the same filters and formats, plus each note's
                                         local Handled mark and Memo; no ticket needed
  sync       fills the app's notes mirror of the endpoint, as the app's refresh does: the days of the
             range it lacks (all of them the first time) and what is new on the newest two, then the
             reply status of every note it holds; safe while the app is open
               --from DAY --to DAY       YYYY-MM-DD (Korean days); default: the last 7 days
               --seller ID[,ID...]       default: the profile's (or the sandbox's) seller IDs
               --team URL                sync for the team: only with the connection's caller lock,
                                         writing into the team database too; without the lock it says
                                         who holds it and exits 0 (--wait waits for the lock); a live
                                         account's ticket is the team's, sealed with the team key
                                         (team join), or SELLER_DESK_TEAM_KEY
               --format table|json
  stats      the insights figures from the app's notes mirror (see sync), offline: reply speed
             (answered within 24 h and 48 h, late, time unknown, waiting; median, p90, mean), the
             weekly trend, notes per day by inquiry type, the top items by notes and by refund +
             exchange share, arrivals by weekday and hour (Korean time); no ticket needed
               --from DAY --to DAY       YYYY-MM-DD (Korean days); default: the last 30 days
               --seller ID               one seller's notes (default: every seller)
               --business-days           count 24 and 48 hours in business hours (weekends and
                                         Korean public holidays left out)
               --format table|json|csv   csv: figure,key,measure,value rows, UTF-8 with BOM
  lookbook   one page of a seller's Soho lookbook
               --seller ID (required) --page N (from 1) --size N (default 20)
               --format table|json
  suggest <Operation>   one suggest operation, by its exact name:
               ${SUGGEST_OPERATIONS.join(',\n               ')}
               --hint TEXT | --brand-id N | --book ITEMNO | --catalog-id N
               --format table|json
  wsdl       writes suggest.wsdl and market.wsdl
               --out DIR (required)

Team database (in progress: a shop's desktops sharing one PostgreSQL; see docs/team.md)
  team init                 creates or upgrades the team schema (versioned migrations) and the team;
                            a new team's key is printed once
  team add-member NAME      a login NAME for one person, with a password printed once
  team remove-member NAME   ends their sessions and drops the login; history keeps their name
  team status               members, and who holds the caller lock of each connection
  team join --data-dir DIR  keeps the team key (read from standard input, never an argument) in the
                            vault of DIR: a member needs it to sync for the team (seals the ticket)
  team rotate-key --data-dir DIR   a new team key, printed once: the team's sealed tickets are sealed
                            again with it (the old key opens none); each member joins again
               --team URL                postgres://USER@HOST:PORT/DATABASE?team=NAME (default team
                                         "default"); or SELLER_DESK_TEAM. The password comes from the
                                         URL, PGPASSWORD or .pgpass, and is never printed
               --format table|json
  mark SEQNO                a note's shared handled mark or memo, in the team database (the author is
                            your database login)
               --handled | --unhandled   --memo TEXT ("" clears it)   --team URL   --format table|json
  take SEQNO                makes the note yours (its 담당자); refused, naming them, when another member
                            has it   --team URL   --format table|json
  history SEQNO             the note's timeline: received, first seen, assigned, viewing/answering,
                            handled, memos, statuses, answered; each step with its database login
               --team URL   --format table|json
  notes --offline --team URL   the team's notes with each note's Handled mark, Memo and who changed
                            it last (ChangedBy); the same filters and formats as notes
  The endpoint flags name the team's connection (default: the built-in sandbox's).

Endpoint (default: the built-in sandbox, started for the command and stopped after it)
  --seed N --now ISO       the sandbox's data seed and clock (same values, same answers); --now also
                           ends the default date range of notes
  --base-url URL           API service host; an address makes the endpoint live
  --suggest-url URL        suggest service host
  --ns-root URI --schema-root URI --suggest-ns URI
  --soap 1.1|1.2           (default 1.1)
  --page-base 0|1          the marketplace's first PageIndex (default 1)
  --timeout MS
  --profile ID             a profile saved by the app, read from --data-dir DIR
                           (the app's data folder; default $SELLER_DESK_USER_DATA)
  --data-dir DIR           with sync, stats and notes --offline, also without --profile: the folder whose
                           notes mirror to use; endpoint flags pick the mirror of a saved profile
                           with the same endpoint, else one of the command line's own

Tickets for a live endpoint come from MARKET_AUTH_TICKET, MARKET_ENCRYPTED_TICKET and MARKET_MEMBER_TICKET
(or the profile's file vault), never from the command line.

  --debug                  print stack traces
  --help                   this text

Exit codes: 0 success, 1 unexpected error, 2 usage, 3 SOAP fault (refused, tickets rejected, throttled),
4 transport failure (network, timeout, HTTP error, unreadable response, cancelled).`;
