/**
 * Where a resource's calls go, from its API path ({prefix}/{key}). Most resources answer the
 * engine's REST shape; product development (everything under /productDev/) answers spec 7's:
 * findAll, findById?id, create, update?id, delete?id. The server mounts the same shape
 * (`spec7` in the resource engine), so client and server cannot disagree.
 */
export const SPEC7_API_PREFIX = "/productDev/";

export const isSpec7Path = (path: string): boolean => path.startsWith(SPEC7_API_PREFIX);

export const resourceUrls = (path: string) => {
  const spec7 = isSpec7Path(path);
  return {
    list: spec7 ? `${path}/findAll` : path,
    detail: (id: number) => (spec7 ? `${path}/findById?id=${id}` : `${path}/${id}`),
    create: spec7 ? `${path}/create` : path,
    update: (id: number) => (spec7 ? `${path}/update?id=${id}` : `${path}/${id}`),
    remove: (id: number) => (spec7 ? `${path}/delete?id=${id}` : `${path}/${id}`),
    /** POST actions on a row: archive, out of stock… */
    action: (id: number, action: string) => `${path}/${id}/${action}`,
    lookup: `${path}/lookup`,
    exportCsv: `${path}/export.csv`,
  };
};
