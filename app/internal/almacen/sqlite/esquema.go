package sqlite

// idAplicacion es el application_id de los archivos del almacén ("PALA").
const idAplicacion = 0x50414c41

// migraciones son los pasos del esquema: la migración i lleva la base de la
// versión i a la i+1. Nunca se cambia una publicada: se agrega otra.
var migraciones = []string{
	// 1: jugadores, puntajes, diccionarios, partidas y movimientos.
	`
CREATE TABLE jugadores (
	id          INTEGER PRIMARY KEY,
	nombre      TEXT    NOT NULL UNIQUE COLLATE NOCASE,
	idioma      TEXT    NOT NULL,
	creado      INTEGER NOT NULL,
	partidas    INTEGER NOT NULL DEFAULT 0,
	victorias   INTEGER NOT NULL DEFAULT 0,
	total       INTEGER NOT NULL DEFAULT 0,
	maximo      INTEGER NOT NULL DEFAULT 0,
	media       REAL    NOT NULL DEFAULT 0,
	rating      REAL    NOT NULL DEFAULT 1500,
	desviacion  REAL    NOT NULL DEFAULT 350,
	volatilidad REAL    NOT NULL DEFAULT 0.06
);
CREATE TABLE puntajes (
	id      INTEGER PRIMARY KEY,
	jugador INTEGER NOT NULL REFERENCES jugadores(id),
	partida INTEGER NOT NULL,
	puntaje INTEGER NOT NULL
);
CREATE INDEX puntajes_jugador ON puntajes(jugador, id);
CREATE TABLE diccionarios (
	nombre  TEXT    PRIMARY KEY COLLATE NOCASE,
	idioma  TEXT    NOT NULL,
	base    TEXT    NOT NULL,
	version INTEGER NOT NULL,
	creado  INTEGER NOT NULL
);
CREATE TABLE cambios_palabras (
	diccionario TEXT    NOT NULL REFERENCES diccionarios(nombre) ON DELETE CASCADE,
	version     INTEGER NOT NULL,
	palabra     TEXT    NOT NULL,
	agregada    INTEGER NOT NULL,
	PRIMARY KEY (diccionario, version, palabra)
);
CREATE TABLE partidas (
	id          INTEGER PRIMARY KEY,
	nombre      TEXT    NOT NULL,
	variante    TEXT    NOT NULL,
	diccionario TEXT    NOT NULL REFERENCES diccionarios(nombre),
	version     INTEGER NOT NULL,
	semilla     INTEGER NOT NULL,
	estado      INTEGER NOT NULL,
	movimientos INTEGER NOT NULL DEFAULT 0,
	puntajes    TEXT    NOT NULL DEFAULT '',
	creada      INTEGER NOT NULL,
	actualizada INTEGER NOT NULL
);
CREATE TABLE asientos (
	partida INTEGER NOT NULL REFERENCES partidas(id) ON DELETE CASCADE,
	puesto  INTEGER NOT NULL,
	jugador INTEGER NOT NULL REFERENCES jugadores(id),
	nivel   TEXT    NOT NULL,
	PRIMARY KEY (partida, puesto)
);
CREATE INDEX asientos_jugador ON asientos(jugador, partida);
CREATE TABLE movimientos (
	partida   INTEGER NOT NULL REFERENCES partidas(id) ON DELETE CASCADE,
	n         INTEGER NOT NULL,
	tipo      INTEGER NOT NULL,
	jugador   INTEGER NOT NULL,
	fichas    BLOB,
	cambiadas BLOB,
	con_mano  INTEGER NOT NULL,
	mano      BLOB,
	proximas  BLOB,
	puntos    INTEGER NOT NULL,
	PRIMARY KEY (partida, n)
) WITHOUT ROWID;
`,
	// 2: índices de la clasificación, uno por criterio, con el mismo
	// desempate que clasificacion.Criterio.Comparar, y la generación de la
	// clasificación (crece con cada partida terminada) para la caché.
	`
CREATE INDEX clas_rating    ON jugadores(rating DESC, nombre, id) WHERE partidas > 0;
CREATE INDEX clas_maximo    ON jugadores(maximo DESC, rating DESC, nombre, id) WHERE partidas > 0;
CREATE INDEX clas_media     ON jugadores(media DESC, rating DESC, nombre, id) WHERE partidas > 0;
CREATE INDEX clas_victorias ON jugadores(victorias DESC, rating DESC, nombre, id) WHERE partidas > 0;
CREATE INDEX clas_total     ON jugadores(total DESC, rating DESC, nombre, id) WHERE partidas > 0;
CREATE TABLE meta (clave TEXT PRIMARY KEY, valor INTEGER NOT NULL);
INSERT INTO meta VALUES ('clasificacion', 0);
`,
	// 3: el reloj de cada partida y lo que tardó cada movimiento (en
	// nanosegundos), el motivo de los ajustes, las cuentas y sesiones de
	// los jugadores persona (app/internal/sitio) y el análisis de las partidas
	// terminadas.
	`
ALTER TABLE partidas ADD COLUMN reloj_inicial INTEGER NOT NULL DEFAULT 0;
ALTER TABLE partidas ADD COLUMN reloj_penalizacion INTEGER NOT NULL DEFAULT 0;
ALTER TABLE partidas ADD COLUMN reloj_exceso INTEGER NOT NULL DEFAULT 0;
ALTER TABLE movimientos ADD COLUMN duracion INTEGER NOT NULL DEFAULT 0;
ALTER TABLE movimientos ADD COLUMN motivo INTEGER NOT NULL DEFAULT 0;
CREATE INDEX partidas_estado ON partidas(estado, id);
CREATE TABLE cuentas (
	jugador INTEGER PRIMARY KEY REFERENCES jugadores(id),
	clave   TEXT    NOT NULL UNIQUE,
	resumen TEXT    NOT NULL,
	creada  INTEGER NOT NULL
);
CREATE TABLE sesiones (
	resumen BLOB    PRIMARY KEY,
	jugador INTEGER NOT NULL REFERENCES jugadores(id),
	creada  INTEGER NOT NULL,
	vence   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sesiones_vence ON sesiones(vence);
CREATE TABLE revisiones (
	partida INTEGER PRIMARY KEY REFERENCES partidas(id) ON DELETE CASCADE,
	version INTEGER NOT NULL,
	datos   BLOB    NOT NULL,
	creada  INTEGER NOT NULL
);
`,
	// 4: el sello de cada partida y los disparadores que lo mantienen
	// (verificar.go).
	migracionSellos,
}

// VersionEsquema devuelve la versión del esquema que escribe este paquete.
func VersionEsquema() int { return len(migraciones) }
