export { createPlatformQueryClient, platformQueryClient, QUERY_DEFAULTS } from './client';
export { apiKey, pathKey, type ApiKey } from './keys';
export { useApiQuery, useApiPaged, PAGE_SIZE, type ApiQueryOptions, type PagedQuery, type PageOfItems } from './hooks';
export { QueryState, refreshProps, combineQueries, type QueryStateProps, type QueryLike } from './QueryState';
export { pushActions, pathsForPush, invalidateForPush, type UserPush } from './push-invalidation';
export { clearQueriesOnLogout, resetQueriesOnModeSwitch, bindQueriesToSession } from './session';
export { invalidatePaths } from './invalidate';
export { useApiAction, useApiMutation, useAttemptId, useReportFailure, type ApiAction, type ApiMutation, type ApiMutationOptions, type FailureHandler } from './mutation';
export { QueryClientProvider, useQueryClient, useQuery, useMutation, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
