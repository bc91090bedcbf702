// The back office's 404s, shared by the provider and the MSW fake (which must not load the provider's photo encoder).
import { notFound } from '../api/provider-error';

export const categoryNotFound = (id: number) => notFound(`There is no category ${id}`);
export const subCategoryNotFound = (id: number) => notFound(`There is no sub-category ${id}`);
export const dishNotFound = (id: number) => notFound(`Menu item ${id} does not exist`);
export const choiceNotFound = (id: number) => notFound(`There is no choice ${id}`);
