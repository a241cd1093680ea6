#!/bin/sh
# A consistent dump of the whole database (pg_dump takes one snapshot; the processes keep serving),
# in pg_dump's compressed custom format, into $BACKUP_DIR; only the newest $BACKUP_KEEP are kept.
# Run daily by lingualog-backup.timer; `npm run test:deploy` runs it and restores what it wrote.
#   DATABASE_URL=... BACKUP_DIR=/var/backups/lingualog deploy/backup.sh
set -eu
: "${DATABASE_URL:?DATABASE_URL names the database to dump}"
: "${BACKUP_DIR:=/var/backups/lingualog}"
: "${BACKUP_KEEP:=14}"
mkdir -p "$BACKUP_DIR"
file="$BACKUP_DIR/lingualog-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Written under a temporary name first: a dump cut short never looks like a backup.
pg_dump --format=custom --no-owner --no-privileges --file="$file.part" "$DATABASE_URL"
mv "$file.part" "$file"
ls -1t "$BACKUP_DIR"/lingualog-*.dump | tail -n +"$((BACKUP_KEEP + 1))" | xargs -r rm --
echo "$file"
