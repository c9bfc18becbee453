//! One SQL text for both databases, for the tables whose statements are
//! the same in SQLite and PostgreSQL (the lobby's, `store/lobby.rs`):
//! written with `?1`, `?2` … (PostgreSQL's `$1` … are put in when it runs
//! there), integer columns `BIGINT`, real ones `DOUBLE PRECISION`, which
//! both read. The games' own table keeps its two hand-tuned versions.

use anyhow::Result;

/// A value in or out of a statement, typed even when null (PostgreSQL
/// checks a parameter's type against its column's).
#[derive(Clone, Debug, PartialEq)]
pub enum V {
    Int(Option<i64>),
    Real(Option<f64>),
    Text(Option<String>),
}

impl V {
    pub fn int(&self) -> Option<i64> {
        match self {
            V::Int(i) => *i,
            V::Real(r) => r.map(|r| r as i64),
            V::Text(_) => None,
        }
    }
    pub fn real(&self) -> Option<f64> {
        match self {
            V::Real(r) => *r,
            V::Int(i) => i.map(|i| i as f64),
            V::Text(_) => None,
        }
    }
    pub fn text(&self) -> Option<String> {
        match self {
            V::Text(t) => t.clone(),
            _ => None,
        }
    }
}

impl From<i64> for V {
    fn from(i: i64) -> V {
        V::Int(Some(i))
    }
}
impl From<Option<i64>> for V {
    fn from(i: Option<i64>) -> V {
        V::Int(i)
    }
}
impl From<bool> for V {
    fn from(b: bool) -> V {
        V::Int(Some(i64::from(b)))
    }
}
impl From<f64> for V {
    fn from(r: f64) -> V {
        V::Real(Some(r))
    }
}
impl From<Option<f64>> for V {
    fn from(r: Option<f64>) -> V {
        V::Real(r)
    }
}
impl From<&str> for V {
    fn from(t: &str) -> V {
        V::Text(Some(t.to_string()))
    }
}
impl From<String> for V {
    fn from(t: String) -> V {
        V::Text(Some(t))
    }
}
impl From<Option<String>> for V {
    fn from(t: Option<String>) -> V {
        V::Text(t)
    }
}
impl From<Option<&str>> for V {
    fn from(t: Option<&str>) -> V {
        V::Text(t.map(str::to_string))
    }
}

/// A transaction on either database.
pub trait Sql {
    /// Runs a statement; the rows it changed.
    fn exec(&mut self, sql: &str, params: &[V]) -> Result<u64>;
    /// Runs a query; its rows, each column as a [`V`].
    fn rows(&mut self, sql: &str, params: &[V]) -> Result<Vec<Vec<V>>>;
    /// Tells the other servers on the database that the lobby changed,
    /// when this transaction commits (nothing to tell on a file that one
    /// server uses).
    fn announce_lobby(&mut self) -> Result<()>;
    /// This server's name on the database (one server uses a file).
    fn server(&self) -> &str;
}

/// `sql` with PostgreSQL's placeholders: `?12` becomes `$12`.
pub fn dollars(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

/// SQLite's side.
pub struct Lite<'a>(pub &'a rusqlite::Transaction<'a>);

impl rusqlite::ToSql for V {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match self {
            V::Int(i) => i.to_sql(),
            V::Real(r) => r.to_sql(),
            V::Text(t) => t.to_sql(),
        }
    }
}

impl Sql for Lite<'_> {
    fn exec(&mut self, sql: &str, params: &[V]) -> Result<u64> {
        let mut statement = self.0.prepare_cached(sql)?;
        Ok(statement.execute(rusqlite::params_from_iter(params))? as u64)
    }

    fn rows(&mut self, sql: &str, params: &[V]) -> Result<Vec<Vec<V>>> {
        use rusqlite::types::ValueRef;
        let mut statement = self.0.prepare_cached(sql)?;
        let columns = statement.column_count();
        let rows = statement
            .query_map(rusqlite::params_from_iter(params), |row| {
                (0..columns)
                    .map(|i| {
                        Ok(match row.get_ref(i)? {
                            ValueRef::Null => V::Int(None),
                            ValueRef::Integer(i) => V::Int(Some(i)),
                            ValueRef::Real(r) => V::Real(Some(r)),
                            ValueRef::Text(t) => {
                                V::Text(Some(String::from_utf8_lossy(t).into_owned()))
                            }
                            ValueRef::Blob(_) => V::Text(None),
                        })
                    })
                    .collect::<rusqlite::Result<Vec<V>>>()
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    fn announce_lobby(&mut self) -> Result<()> {
        Ok(())
    }

    fn server(&self) -> &str {
        "this"
    }
}

/// PostgreSQL's side: a transaction driven from a blocking thread of the
/// store's runtime (`PgStore::in_transaction`).
pub struct Pg<'a> {
    pub runtime: tokio::runtime::Handle,
    pub tx: deadpool_postgres::Transaction<'a>,
    /// This server's name, in its notices.
    pub server: &'a str,
}

fn pg_params(params: &[V]) -> Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>> {
    params
        .iter()
        .map(|v| -> Box<dyn tokio_postgres::types::ToSql + Sync + Send> {
            match v.clone() {
                V::Int(i) => Box::new(i),
                V::Real(r) => Box::new(r),
                V::Text(t) => Box::new(t),
            }
        })
        .collect()
}

impl Sql for Pg<'_> {
    fn exec(&mut self, sql: &str, params: &[V]) -> Result<u64> {
        let boxed = pg_params(params);
        let refs: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
            boxed.iter().map(|b| b.as_ref() as _).collect();
        let sql = dollars(sql);
        Ok(self.runtime.block_on(async {
            let statement = self.tx.prepare_cached(&sql).await?;
            self.tx.execute(&statement, &refs).await
        })?)
    }

    fn rows(&mut self, sql: &str, params: &[V]) -> Result<Vec<Vec<V>>> {
        use tokio_postgres::types::Type;
        let boxed = pg_params(params);
        let refs: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
            boxed.iter().map(|b| b.as_ref() as _).collect();
        let sql = dollars(sql);
        let rows = self.runtime.block_on(async {
            let statement = self.tx.prepare_cached(&sql).await?;
            self.tx.query(&statement, &refs).await
        })?;
        rows.iter()
            .map(|row| {
                (0..row.len())
                    .map(|i| {
                        let ty = row.columns()[i].type_();
                        Ok(if *ty == Type::INT8 {
                            V::Int(row.try_get(i)?)
                        } else if *ty == Type::INT4 {
                            V::Int(row.try_get::<_, Option<i32>>(i)?.map(i64::from))
                        } else if *ty == Type::INT2 {
                            V::Int(row.try_get::<_, Option<i16>>(i)?.map(i64::from))
                        } else if *ty == Type::BOOL {
                            V::Int(row.try_get::<_, Option<bool>>(i)?.map(i64::from))
                        } else if *ty == Type::FLOAT8 {
                            V::Real(row.try_get(i)?)
                        } else {
                            V::Text(row.try_get(i)?)
                        })
                    })
                    .collect::<Result<Vec<V>>>()
            })
            .collect()
    }

    fn announce_lobby(&mut self) -> Result<()> {
        let notice = format!("lobby {}", self.server);
        self.exec(
            "SELECT pg_notify('chess3d_games', ?1)::text",
            &[V::from(notice)],
        )?;
        Ok(())
    }

    fn server(&self) -> &str {
        self.server
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_postgres_ones() {
        assert_eq!(
            dollars("SELECT a FROM t WHERE b = ?1 AND c = ?12 AND d = '?'"),
            "SELECT a FROM t WHERE b = $1 AND c = $12 AND d = '?'"
        );
    }
}
