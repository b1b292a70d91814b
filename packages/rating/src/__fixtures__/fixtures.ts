import { fileURLToPath } from 'node:url';
import { actorContext, loadPoliticalActorMap, type ActorContext, type PoliticalActorMap } from '../actors.js';
import type { Article } from '../articles.js';

/** The repository's political-actor maps. */
export const ACTORS_DIRECTORY = fileURLToPath(new URL('../../../../data/political-actors/', import.meta.url));
/** The package's synthetic demo data. */
export const DEMO_DIRECTORY = fileURLToPath(new URL('../../demo/', import.meta.url));

export const AS_OF = '2026-04-27';

export async function spain(): Promise<{ map: PoliticalActorMap; context: ActorContext }> {
  const map = await loadPoliticalActorMap('ES', ACTORS_DIRECTORY);
  return { map, context: actorContext(map, AS_OF) };
}

export async function brazil(): Promise<{ map: PoliticalActorMap; context: ActorContext }> {
  const map = await loadPoliticalActorMap('BR', ACTORS_DIRECTORY);
  return { map, context: actorContext(map, AS_OF) };
}

/** A synthetic Spanish article (not real news). */
export function spanishArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: 'es-1',
    outlet: 'diario.example',
    title: 'El Gobierno celebra el récord de empleo',
    text:
      'El Gobierno de Pedro Sánchez celebró el récord de afiliación. Según el PP, la presión fiscal asfixia a los emprendedores. ' +
      'Feijóo encadena errores en su estrategia. La reducción de jornada avanza en el Congreso. Vox denunció la inmigración ilegal.',
    publishedAt: '2026-04-20',
    language: 'es',
    topic: 'politics',
    byline: 'Ana Pérez',
    links: ['https://www.boe.es/diario_boe/txt.php?id=BOE-A-2026-1'],
    ...overrides,
  };
}

/** A synthetic Portuguese article (not real news). */
export function portugueseArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: 'pt-1',
    outlet: 'jornal.example',
    title: 'Governo comemora avanço na reforma',
    text:
      'O governo comemora um avanço na reforma tributária. A medida enfrenta a desigualdade social e amplia direitos trabalhistas. ' +
      'Segundo o PT, o texto será votado neste mês. Jair Bolsonaro acumula críticas e mais uma polêmica.',
    publishedAt: '2026-04-21',
    language: 'pt',
    topic: 'economy',
    ...overrides,
  };
}
