import 'server-only';

export { getPost, getPostSlugs, getPosts } from './posts';
