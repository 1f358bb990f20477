// The matcher lives in src-shared so the renderer's inbox search runs the very same algorithm.
export * from '../../src-shared/korean-matcher';
