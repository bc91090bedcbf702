// Every path of the API and the methods it answers: a known path asked with another method is 405 with Allow.
export const API_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/category': ['GET'],
  '/sub-category': ['GET'],
  '/menu': ['GET', 'POST', 'DELETE'],
  '/tables': ['GET'],
  '/summary': ['GET'],
  '/orders': ['GET', 'POST'],
  '/orders/estimate': ['GET'],
  '/staff/printers': ['GET', 'POST'],
  '/staff/stations': ['GET'],
  '/table/orders': ['GET'],
  '/table/requests': ['POST'],
  '/restaurant': ['GET'],
  '/staff/restaurant': ['PUT'],
  '/openapi.json': ['GET'],
};
