// An async boundary, so the Module Federation runtime can settle the shared modules first.
import('./standalone');
