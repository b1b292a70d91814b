/**
 * Test fixtures: a small roster and a realistic Spanish-language cluster (invented text about an
 * invented central-bank decision; real outlet names so that the attribution check has work to do).
 */
import type { RosterOutletInput, StoryCluster } from '../types.js';

export const ROSTER_OUTLETS: RosterOutletInput[] = [
  { domain: 'elpais.com', name: 'El País', scope: 'political', bias: 'center', factuality: 'high', factualityScore: 82, ownerType: 'corporate-conglomerate', country: 'ES' },
  { domain: 'clarin.com', name: 'Clarín', scope: 'political', bias: 'center', factuality: 'mixed', factualityScore: 64, ownerType: 'corporate-conglomerate', country: 'AR' },
  { domain: 'pagina12.com.ar', name: 'Página/12', scope: 'political', bias: 'left', factuality: 'mixed', factualityScore: 60, ownerType: 'family-controlled', country: 'AR' },
  { domain: 'lanacion.com.ar', name: 'La Nación', scope: 'political', bias: 'right', factuality: 'high', factualityScore: 78, ownerType: 'family-controlled', country: 'AR' },
  { domain: 'infobae.com', name: 'Infobae', scope: 'political', bias: 'center', factuality: 'mixed', factualityScore: 58, ownerType: 'independent-private', country: 'AR' },
  { domain: 'eldiarioar.com', name: 'elDiarioAR', scope: 'political', bias: 'left', factuality: 'high', factualityScore: 75, ownerType: 'independent-private', country: 'AR' },
  { domain: 'ambito.com', name: 'Ámbito', scope: 'political', bias: 'right', factuality: 'mixed', factualityScore: 62, ownerType: 'corporate-conglomerate', country: 'AR' },
  { domain: 'ole.com.ar', name: 'Olé', scope: 'non_political', factuality: 'mixed', factualityScore: 55, ownerType: 'corporate-conglomerate', country: 'AR' },
  { domain: 'telam.com.ar', name: 'Télam', scope: 'political', bias: null, factuality: null, ownerType: 'state-public-broadcaster', country: 'AR' },
  { domain: 'efe.com', name: 'EFE', scope: 'political', bias: 'center', factuality: 'high', factualityScore: 85, ownerType: 'state-public-broadcaster', country: 'ES' },
];

const AGENCY_LEAD =
  'El Banco Central de la República Argentina elevó este jueves la tasa de interés de referencia al 40 % anual, tres puntos por encima del nivel anterior.';
const AGENCY_SECOND = 'La entidad explicó en un comunicado que la decisión busca contener la inflación, que en marzo fue del 3,5 % mensual.';

export const RATE_CLUSTER: StoryCluster = {
  id: 'story-bcra-rate',
  articles: [
    {
      id: 'a-clarin',
      domain: 'clarin.com',
      title: 'El Banco Central sube la tasa de interés al 40 % para frenar la inflación',
      description: AGENCY_LEAD,
      body: [
        AGENCY_LEAD,
        AGENCY_SECOND,
        'El presidente de la entidad, el Sr. Martín Gómez, dijo que la medida será revisada en abril. Lee también: Qué pasa con el dólar hoy',
        'Los bancos privados comenzarán a trasladar la suba a los plazos fijos desde el lunes, según fuentes del sector.',
        '¿Qué pasará con los créditos hipotecarios?',
        'Los analistas consultados estimaron que el costo del crédito para las empresas subirá en las próximas semanas.',
      ].join('\n'),
      publishedAt: '2026-04-23T13:05:00Z',
      url: 'https://www.clarin.com/economia/a-clarin',
      imageUrl: 'https://images.clarin.com/bcra.jpg',
      imageAlt: 'Fachada del Banco Central en Buenos Aires',
    },
    {
      id: 'a-pagina12',
      domain: 'pagina12.com.ar',
      title: 'El Central vuelve a subir la tasa y castiga al crédito productivo',
      body: [
        'El Banco Central de la República Argentina elevó este jueves la tasa de interés de referencia al 40 % anual, tres puntos por encima del nivel anterior.',
        'Las cámaras de pequeñas y medianas empresas advirtieron que la suba encarecerá el financiamiento de la producción y del consumo.',
        'Según datos del propio organismo, los préstamos en pesos al sector privado cayeron un 2,1 % real en marzo.',
        'Economistas heterodoxos señalaron que la inflación de marzo respondió sobre todo a la suba de tarifas y no a un exceso de demanda.',
      ].join(' '),
      publishedAt: '2026-04-23T14:20:00Z',
      url: 'https://www.pagina12.com.ar/a-pagina12',
    },
    {
      id: 'a-lanacion',
      domain: 'lanacion.com.ar',
      title: 'El BCRA subió la tasa al 40%: qué cambia para ahorristas y deudores',
      description: 'La autoridad monetaria elevó la tasa de referencia tres puntos porcentuales para contener la inflación.',
      body: [
        'La autoridad monetaria elevó la tasa de referencia tres puntos porcentuales, hasta el 40 % anual, para contener la inflación.',
        'Los plazos fijos tradicionales pasarán a pagar una tasa cercana al 38 % anual, de acuerdo con estimaciones de entidades privadas.',
        'En el mercado de cambios, el dólar mayorista cerró estable a $1.050 tras el anuncio.',
        'El ministro de Economía, Luis Pérez, respaldó la decisión y dijo que el programa fiscal se mantendrá sin cambios.',
      ].join(' '),
      publishedAt: '2026-04-23T15:00:00Z',
      url: 'https://www.lanacion.com.ar/a-lanacion',
      imageUrl: 'https://bucket.lanacion.com.ar/bcra.jpg',
    },
    {
      id: 'a-infobae',
      domain: 'infobae.com',
      title: 'El Banco Central elevó la tasa de interés de referencia al 40% anual',
      description: AGENCY_LEAD,
      body: [
        AGENCY_LEAD,
        AGENCY_SECOND,
        'Según informó La Nación, los plazos fijos pagarán alrededor del 38 % anual.',
        'La decisión fue adoptada por unanimidad por el directorio de la entidad, que se reunió durante la mañana en Buenos Aires.',
        'En EE.UU. la Reserva Federal mantuvo sin cambios sus tasas la semana pasada, un dato que el directorio tuvo en cuenta.',
      ].join(' '),
      publishedAt: '2026-04-23T13:30:00Z',
      url: 'https://www.infobae.com/a-infobae',
    },
    {
      id: 'a-eldiarioar',
      domain: 'eldiarioar.com',
      title: 'Suba de tasas: el Central apuesta a enfriar la economía',
      body: [
        'El directorio del Banco Central resolvió por unanimidad llevar la tasa de interés de referencia al 40 % anual.',
        'Organizaciones de consumidores advirtieron que el costo de las compras con tarjeta de crédito subirá de inmediato.',
        'La inflación de marzo fue del 3,5 % mensual, según el Instituto Nacional de Estadística y Censos.',
        'El organismo no informó cuánto tiempo mantendrá la tasa en ese nivel.',
      ].join(' '),
      publishedAt: '2026-04-23T16:10:00Z',
      url: 'https://www.eldiarioar.com/a-eldiarioar',
    },
    {
      id: 'a-ambito',
      domain: 'ambito.com',
      title: 'Tasas: el BCRA convalidó una suba de 300 puntos básicos',
      body: [
        'El Banco Central convalidó una suba de 300 puntos básicos y dejó la tasa de política monetaria en el 40 % anual.',
        'Los bonos en pesos ajustados por inflación subieron hasta un 1,2 % en la rueda posterior al anuncio.',
        'Operadores de la city anticiparon que la medida podría atraer depósitos en pesos durante las próximas semanas.',
      ].join(' '),
      publishedAt: '2026-04-23T17:45:00Z',
      url: 'https://www.ambito.com/a-ambito',
    },
    {
      id: 'a-ambito-2',
      domain: 'ambito.com',
      title: 'Plazo fijo: cuánto paga cada banco tras la suba de tasas',
      body: 'Los plazos fijos tradicionales pasarán a pagar una tasa cercana al 38 % anual en los principales bancos del país.',
      publishedAt: '2026-04-23T19:00:00Z',
      url: 'https://www.ambito.com/a-ambito-2',
    },
    {
      id: 'a-unrostered',
      domain: 'blog-financiero.example',
      title: 'El Central sube la tasa al 40%',
      body: 'El Banco Central de la República Argentina elevó este jueves la tasa de interés de referencia al 40 % anual, tres puntos por encima del nivel anterior.',
      publishedAt: '2026-04-23T13:40:00Z',
      url: 'https://blog-financiero.example/tasa',
    },
  ],
};

/** A three-article cluster (the README example's shape). */
export const SMALL_CLUSTER: StoryCluster = {
  id: 'story-small',
  articles: RATE_CLUSTER.articles.filter((article) => ['a-clarin', 'a-pagina12', 'a-lanacion'].includes(article.id)),
};
