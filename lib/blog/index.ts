import 'server-only';

export { getPost, getPostLocales, getPostSlugs, getPosts } from './posts';
