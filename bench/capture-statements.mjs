// Bundled into a bench's API bundle (lib.mjs loadApiBundle): the SQL the API's repositories would send.

/**
 * Runs fn with an executor whose select statements are not run but recorded ({ sql, params } of drizzle's
 * toSQL()) and answered with no rows: the statements the API would send, with their parameters.
 */
export async function captureStatements(db, fn) {
  const captured = [];
  const wrap = (builder) =>
    new Proxy(builder, {
      get(target, key) {
        if (key === 'then')
          return (resolve, reject) => {
            try {
              captured.push(target.toSQL());
              resolve([]);
            } catch (error) {
              reject(error);
            }
          };
        const value = target[key];
        if (typeof value !== 'function') return value;
        return (...args) => {
          const out = value.apply(target, args);
          return out && typeof out === 'object' && typeof out.toSQL === 'function' ? wrap(out) : out;
        };
      },
    });
  const ex = new Proxy(db, {
    get(target, key) {
      const value = target[key];
      if (key === 'select' || key === 'selectDistinct') return (...args) => wrap(value.apply(target, args));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  await fn(ex);
  return captured;
}
