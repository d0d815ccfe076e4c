# Sourced by .ci/run: makes sure PostgreSQL answers and exports TEST_DATABASE_URL, so that the server suite
# always runs a second time on it. Debian's server is installed and started when missing; a cluster that
# wants a password over TCP (a fresh install does) gets a throwaway one for its postgres role, while a cluster
# that already trusts 127.0.0.1 (a developer's) is left as it is. Fails loudly when nothing answers.

# -w: never prompt for a password (a terminal would wait for one).
pg_answers() { psql -w "$1" -Atqc 'select 1' >/dev/null 2>&1; }

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  pg_host=127.0.0.1
  pg_port=5432
  pg_admin="postgres://postgres@$pg_host:$pg_port/postgres"
  if ! pg_answers "$pg_admin"; then
    if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! command -v psql >/dev/null 2>&1; then
      apt_install postgresql
    fi
    pg_version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -z "$pg_version" ]; then
      pg_version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
      pg_createcluster "$pg_version" main >/dev/null
    fi
    pg_port=$(pg_lsclusters --no-header "$pg_version" main | awk '{ print $3 }')
    pg_admin="postgres://postgres@$pg_host:$pg_port/postgres"
    # status: 0 running, 3 stopped.
    if ! pg_ctlcluster "$pg_version" main status >/dev/null 2>&1; then
      pg_ctlcluster --skip-systemctl-redirect "$pg_version" main start
    fi
    pg_isready -q -h "$pg_host" -p "$pg_port" -t 60 || true
    if ! pg_answers "$pg_admin"; then
      # The local socket lets the postgres system user in (peer), whatever TCP asks for.
      pg_password=ci-throwaway-local
      runuser -u postgres -- psql -p "$pg_port" -Atqc "alter role postgres password '$pg_password'" >/dev/null
      pg_admin="postgres://postgres:$pg_password@$pg_host:$pg_port/postgres"
    fi
  fi
  if ! pg_answers "$pg_admin"; then
    echo "PostgreSQL does not answer at $pg_host:$pg_port; the server suite cannot run on it." >&2
    exit 1
  fi
  if [ -z "$(psql -w "$pg_admin" -Atqc "select 1 from pg_database where datname = 'test'")" ]; then
    psql -w "$pg_admin" -qc 'create database test'
  fi
  export TEST_DATABASE_URL="${pg_admin%/postgres}/test"
fi
