#!/bin/sh
# Restores a dump written by backup.sh into an EMPTY database (a fresh one: never over live data),
# in one transaction, stopping at the first error: either everything is restored or nothing.
#   deploy/restore.sh /var/backups/lingualog/lingualog-20261125T030000Z.dump postgresql://...
set -eu
dump="${1:?the dump file}"
target="${2:?the URL of the empty database to restore into}"
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$target" "$dump"
