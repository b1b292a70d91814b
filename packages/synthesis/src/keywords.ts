/**
 * Keyword lists of the offline topic classifier (TOP-1) and of the low-value detector (publish
 * guard `filtered_content`), Spanish and Portuguese, shipped as data. Entries are folded (lower
 * case, no accents); a trailing `*` matches any word starting with the entry; several words match
 * a phrase. Edit them here — the classifier's scoring is documented in `topics.ts`.
 */
import type { Topic } from '@espectro/methodology';

/**
 * Keywords per topic (es + pt).
 *
 * @example
 * TOPIC_KEYWORDS.economy.includes('inflacion'); // true
 */
export const TOPIC_KEYWORDS: Readonly<Record<Topic, readonly string[]>> = Object.freeze({
  politics: [
    'politica', 'politico*', 'presidente', 'presidenta', 'congreso', 'congresso', 'senado', 'senador*', 'diputad*', 'deputad*',
    'parlament*', 'eleccion*', 'eleicao', 'eleicoes', 'electoral*', 'eleitora*', 'campana electoral', 'partido', 'partidos',
    'oposicion', 'oposicao', 'oficialismo', 'coalicion', 'coalizao', 'proyecto de ley', 'projeto de lei', 'reforma constitucional',
    'constitucion*', 'constituicao', 'votacion', 'votacao', 'candidat*', 'gobierno', 'governo', 'gobernador*', 'governador*',
    'alcalde*', 'prefeito*', 'referendo', 'referendum', 'plebiscito', 'juicio politico', 'impeachment', 'destitucion', 'gabinete',
    'ministro', 'ministra', 'planalto', 'casa rosada', 'la moneda', 'palacio nacional', 'mandatario', 'legislativ*', 'decreto',
  ],
  economy: [
    'economia', 'economic*', 'economista*', 'inflacion', 'inflacao', 'pib', 'dolar', 'dolares', 'banco central', 'tasa de interes',
    'tasas de interes', 'juros', 'selic', 'bolsa de valores', 'mercado*', 'inversion*', 'inversor*', 'investimento*', 'investidor*',
    'empleo', 'desempleo', 'desemprego', 'salario*', 'exportacion*', 'exportaco*', 'importacion*', 'importaco*', 'arancel*', 'tarifa*',
    'impuesto*', 'imposto*', 'tributari*', 'fiscal', 'deficit', 'superavit', 'deuda', 'divida', 'fmi', 'precio*', 'preco*',
    'empresa*', 'recaudacion', 'arrecadacao', 'comercio', 'crecimiento economico', 'crescimento economico', 'recesion', 'recessao',
    'ipc', 'ipca', 'presupuesto', 'orcamento', 'petroleo', 'acciones', 'acoes', 'bancos', 'financier*', 'financeir*',
  ],
  international: [
    'internacional*', 'onu', 'otan', 'nato', 'union europea', 'uniao europeia', 'estados unidos', 'ee uu', 'eeuu', 'eua',
    'casa blanca', 'casa branca', 'embajad*', 'embaixad*', 'canciller*', 'chanceler*', 'diplomati*', 'diplomac*', 'cumbre', 'cupula',
    'guerra', 'ucrania', 'rusia', 'russia', 'israel', 'gaza', 'palestin*', 'china', 'iran', 'refugiad*', 'sancion*', 'sanco*',
    'tratado', 'bilateral', 'kremlin', 'pentagono', 'itamaraty', 'exterior', 'extranjer*', 'estrangeir*', 'frontera', 'fronteira',
    'g20', 'g7', 'mercosur', 'mercosul', 'bruselas', 'bruxelas', 'putin', 'zelenski', 'netanyahu',
  ],
  society: [
    'sociedad', 'sociedade', 'social', 'educacion', 'educacao', 'escuela*', 'escola*', 'colegio*', 'estudiant*', 'estudante*',
    'policia*', 'crimen', 'crime*', 'delito*', 'homicidio*', 'asesinat*', 'assassinat*', 'violencia', 'seguridad ciudadana',
    'carcel*', 'prision', 'prisao', 'presos', 'protesta*', 'manifestacion*', 'manifestaco*', 'huelga', 'greve', 'migrant*',
    'vivienda', 'moradia', 'pobreza', 'transporte', 'accidente*', 'acidente*', 'feminicidio*', 'robo*', 'roubo*', 'narcotrafic*',
    'detenid*', 'detido*', 'victima*', 'vitima*', 'familias', 'ninos', 'criancas', 'mujeres', 'mulheres', 'tribunal', 'juez', 'jueza',
  ],
  culture: [
    'cultura', 'cultural*', 'cine', 'cinema', 'pelicula*', 'filme*', 'musica', 'musical', 'musico*', 'concierto*', 'concerto*',
    'festival', 'libro*', 'livro*', 'escritor*', 'escritora*', 'literatura', 'literari*', 'museo*', 'museu*', 'teatro', 'arte',
    'artista*', 'exposicion', 'exposicao', 'oscar', 'grammy', 'cannes', 'album', 'cantante*', 'cantor*', 'cantora*',
    'patrimonio', 'novela grafica', 'poeta', 'poesia', 'director de cine', 'diretor de cinema', 'bienal', 'opera',
  ],
  sports: [
    'futbol', 'futebol', 'gol', 'goles', 'gols', 'liga', 'copa', 'mundial de futbol', 'copa do mundo', 'seleccion', 'selecao', 'torneo',
    'torneio', 'campeonato', 'campeon*', 'campea*', 'jugador*', 'jogador*', 'entrenador*', 'treinador*', 'estadio*', 'tenis',
    'baloncesto', 'basquet*', 'basquete', 'olimpic*', 'formula 1', 'atleta*', 'deporte*', 'deportiv*', 'esporte*', 'esportiv*',
    'clasico', 'champions', 'libertadores', 'fichaje', 'hincha*', 'torcida', 'boxeo', 'boxe', 'ciclismo', 'nba', 'fifa', 'medalla*',
    'medalha*', 'penalti', 'arbitro*', 'rugby', 'voleibol', 'volei',
  ],
  technology: [
    'tecnologia*', 'tecnologic*', 'inteligencia artificial', 'software', 'app', 'apps', 'aplicacion*', 'aplicativo*', 'internet',
    'redes sociales', 'redes sociais', 'ciberataque*', 'hacker*', 'ciberseguridad', 'ciberseguranca', 'celular*', 'smartphone*',
    'iphone', 'google', 'apple', 'microsoft', 'openai', 'chatgpt', 'startup*', 'algoritmo*', 'digital', 'digitales', 'digitais', '5g',
    'chip', 'chips', 'semiconductor*', 'semicondutor*', 'robot*', 'computador*', 'ordenador*', 'datos personales',
    'dados pessoais', 'big tech', 'silicon valley', 'criptomoneda*', 'criptomoeda*', 'bitcoin',
  ],
  science: [
    'ciencia', 'cientific*', 'investigador*', 'pesquisador*', 'investigacion cientifica', 'pesquisa*', 'descubrimiento*',
    'descoberta*', 'nasa', 'espacial', 'astronom*', 'telescopio', 'planeta*', 'asteroide*', 'galaxia*', 'fosil*', 'fossil*',
    'genetic*', 'genoma', 'adn', 'dna', 'fisica', 'quimica', 'especie nueva', 'nova especie', 'laboratorio*', 'experimento*',
    'estudio publicado', 'estudo publicado', 'revista cientifica', 'nature', 'paleontolog*', 'arqueolog*', 'satelite*', 'cohete',
    'foguete',
  ],
  health: [
    'salud', 'saude', 'hospital*', 'medico*', 'medica*', 'enfermedad*', 'doenca*', 'virus', 'vacuna*', 'vacina*', 'epidemi*',
    'pandemi*', 'dengue', 'covid', 'cancer', 'paciente*', 'ministerio de salud', 'ministerio da saude', 'oms', 'sanitari*',
    'medicamento*', 'tratamiento*', 'tratamento*', 'cirugia*', 'cirurgia*', 'clinica*', 'brote', 'surto', 'contagio*', 'infeccion*',
    'infeccao', 'sarampion', 'sarampo', 'diabetes', 'obesidad', 'obesidade', 'salud mental', 'saude mental', 'anvisa',
  ],
  environment: [
    'medio ambiente', 'meio ambiente', 'ambiental*', 'clima', 'climatic*', 'cambio climatico', 'mudanca climatica',
    'mudancas climaticas', 'calentamiento global', 'aquecimento global', 'emisiones', 'emissoes', 'carbono', 'deforestacion',
    'desmatamento', 'amazonia', 'incendio forestal', 'incendios forestales', 'queimada*', 'sequia', 'seca', 'inundacion*', 'enchente*',
    'contaminacion', 'poluicao', 'biodiversidad', 'biodiversidade', 'reciclaje', 'reciclagem', 'energia renovable', 'energia renovavel',
    'energia solar', 'eolica*', 'glaciar*', 'geleira*', 'huracan*', 'furacao', 'cop30', 'cop29', 'oceano*', 'especies amenazadas',
    'fauna', 'flora', 'ecosistema*', 'ecossistema*',
  ],
});

/**
 * Keywords of low-value stories (lifestyle, entertainment, gossip) for the publish guard's
 * `filtered_content` input (es + pt).
 *
 * @example
 * LOW_VALUE_KEYWORDS.includes('horoscopo'); // true
 */
export const LOW_VALUE_KEYWORDS: readonly string[] = Object.freeze([
  // gossip and celebrities
  'farandula', 'chisme*', 'fofoca*', 'famoso*', 'famosa*', 'celebridad*', 'celebridade*', 'paparazzi', 'influencer*', 'tiktoker*',
  'youtuber*', 'instagrammer', 'romance', 'ruptura amorosa', 'nuevo novio', 'nueva novia', 'novo namorado', 'nova namorada', 'ex pareja',
  'ex marido', 'ex mujer', 'ex esposa', 'casamento', 'boda', 'alfombra roja', 'tapete vermelho', 'red carpet', 'kardashian*',
  // entertainment
  'reality', 'reality show', 'gran hermano', 'big brother', 'bbb', 'masterchef', 'la casa de los famosos', 'a fazenda', 'telenovela*',
  'culebron', 'serie de netflix', 'estreno', 'estreia', 'meme*', 'viral', 'viralizo', 'viralizou', 'tendencia en redes',
  // lifestyle
  'horoscopo*', 'signo*', 'zodiaco', 'tarot', 'receta*', 'receita*', 'dieta', 'adelgazar', 'emagrecer', 'maquillaje', 'maquiagem',
  'belleza', 'beleza', 'moda', 'look', 'outfit', 'decoracion', 'decoracao', 'mascota*', 'truco*', 'truque*', 'skincare',
]);
