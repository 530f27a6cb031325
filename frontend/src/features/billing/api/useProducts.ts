import type { ProductDto, ProductsResponse } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { productsQueryKey } from './queryKeys';

/** A product as the page uses it: the catalogue flags read from the top level or, failing that, the metadata. */
export type Product = ProductDto;

function normalize(product: ProductDto): Product {
  const metadata = product.metadata ?? { seats: '' };
  return {
    ...product,
    metadata,
    features: product.features ?? metadata.features ?? [],
    popular: product.popular ?? metadata.popular ?? false,
    limited: product.limited ?? metadata.limited ?? false,
  };
}

/** GET /api/stripe/products: every plan and credit pack, in display order. */
export function useProducts() {
  return useQuery<ProductsResponse | ProductDto[], Error, Product[]>({
    queryKey: productsQueryKey,
    select: (data) => (Array.isArray(data) ? data : (data?.products ?? [])).map(normalize),
  });
}
