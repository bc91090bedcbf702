// Every path of the API and the methods it answers: a known path asked with another method is 405 with Allow.
export const API_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/category': ['GET'],
  '/sub-category': ['GET'],
  '/menu': ['GET', 'POST', 'DELETE'],
  '/tables': ['GET'],
  '/summary': ['GET'],
  '/orders': ['GET', 'POST'],
  '/table/orders': ['GET'],
  '/table/requests': ['POST'],
  '/staff/categories': ['POST'],
  '/staff/sub-categories': ['POST'],
  '/staff/menu': ['POST'],
  '/staff/menu/export': ['GET'],
  '/staff/menu/import': ['POST'],
  '/staff/audit': ['GET'],
};
