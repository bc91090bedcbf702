// The restaurant's name as guests see it (VITE_RESTAURANT_NAME).
export const RESTAURANT_NAME = import.meta.env.VITE_RESTAURANT_NAME || 'Amber Table';
