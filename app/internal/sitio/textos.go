package sitio

import (
	"errors"
	"net/http"
	"strings"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/servidor"
)

// Errores de los mensajes de un cliente que no llegan al juego. Cada uno
// es la respuesta "error" con su código.
var (
	ErrMensajeInvalido    = errors.New("mensaje inválido")
	ErrMensajeGrande      = errors.New("mensaje demasiado grande")
	ErrDemasiadoSeguido   = errors.New("demasiados mensajes seguidos: espere un momento")
	ErrOtroAsiento        = errors.New("ese asiento no es el suyo")
	ErrPartidaDesconocida = errors.New("no existe esa partida")
	ErrPartidaCerrada     = errors.New("la partida terminó")
	ErrSinEntrar          = errors.New("primero debe entrar a una partida")
	ErrSinTiempo          = errors.New("se le acabó el tiempo")
	ErrAlmacen            = errors.New("no se pudo guardar: intente de nuevo")
)

// error conocido: su código estable para el cliente, su estado HTTP y su
// texto en inglés (el español es el del error).
type conocido struct {
	e      error
	codigo string
	http   int
	ingles string
}

// conocidos, en orden: el primero que coincide (errors.Is) gana.
var conocidos = []conocido{
	{ErrMensajeGrande, "grande", http.StatusRequestEntityTooLarge, "message too large"},
	{ErrDemasiadoSeguido, "seguido", http.StatusTooManyRequests, "too many messages: wait a moment"},
	{ErrDemasiados, "seguido", http.StatusTooManyRequests, "too many requests: wait a moment"},
	{ErrOtroAsiento, "asiento", http.StatusForbidden, "that seat is not yours"},
	{ErrPartidaDesconocida, "partida", http.StatusNotFound, "no such game"},
	{ErrPartidaCerrada, "terminada", http.StatusConflict, "the game is over"},
	{ErrSinEntrar, "entrar", http.StatusBadRequest, "first enter a game"},
	{ErrSinTiempo, "tiempo", http.StatusConflict, "you ran out of time"},
	{ErrAlmacen, "almacen", http.StatusInternalServerError, "could not save: try again"},
	{ErrReglas, "reglas", http.StatusBadRequest, "unknown rules"},
	{ErrAsientos, "asientos", http.StatusBadRequest, "a game has 2 to 4 seats, one yours, the others people or bots"},
	{ErrRelojInvalido, "reloj", http.StatusBadRequest, "invalid clock: 1 s to 3 h, up to 100 points per minute and 1 h over"},
	{ErrMesaDesconocida, "mesa", http.StatusNotFound, "no such open table"},
	{ErrMesaLlena, "llena", http.StatusConflict, "the table is full"},
	{ErrYaSentado, "sentado", http.StatusConflict, "you are already at that table"},
	{ErrMesaVencida, "vencida", http.StatusGone, "the table closed: nobody sat down in time"},
	{ErrDemasiadasMesas, "mesas", http.StatusTooManyRequests, "too many open tables: wait for them to fill or close them"},
	{ErrPartidasConBots, "bots", http.StatusTooManyRequests, "too many games against bots in progress: finish or resign one"},
	{ErrNoTerminada, "no-terminada", http.StatusConflict, "the game is not over yet"},
	{ErrNoJugo, "no-jugo", http.StatusForbidden, "you did not play that game"},
	{ErrNombreReservado, "reservado", http.StatusBadRequest, "that name is reserved (names starting with «Bot» are the bots'; «Guest», the guests')"},
	{ErrNombreConfuso, "confuso", http.StatusBadRequest, "the name mixes scripts or has invisible characters or characters that are not letters"},
	{ErrContrasena, "contrasena", http.StatusBadRequest, "the password must have 8 to 256 characters"},
	{ErrCredenciales, "credenciales", http.StatusUnauthorized, "wrong name or password"},
	{ErrSinSesion, "sesion", http.StatusUnauthorized, "invalid or expired session: sign in again"},
	{ErrOrigen, "origen", http.StatusForbidden, "request refused: it does not come from this page (origin, content type or CSRF token)"},
	{ErrOcupado, "ocupado", http.StatusServiceUnavailable, "the server is busy: try again in a moment"},
	{almacen.ErrNombreRepetido, "repetido", http.StatusConflict, "that name is taken"},
	{almacen.ErrNombreInvalido, "nombre", http.StatusBadRequest, "invalid name"},
	{servidor.ErrNoEsSuTurno, "turno", http.StatusConflict, "it is not your turn"},
	{juego.ErrPartidaTerminada, "terminada", http.StatusConflict, "the game is over"},
	{almacen.ErrPartidaTerminada, "terminada", http.StatusConflict, "the game is over"},
	{juego.ErrCambioInvalido, "cambio", http.StatusConflict, "cannot exchange tiles"},
	{juego.ErrJugadaInvalida, "jugada", http.StatusConflict, "invalid play"},
	{servidor.ErrNoEmpezado, "no-empezada", http.StatusConflict, "the game has not started"},
	{ErrMensajeInvalido, "invalido", http.StatusBadRequest, "invalid message"},
}

// motivosIngles traduce los motivos de una jugada inválida.
var motivosIngles = map[error]string{
	juego.ErrDemasiadasFichas:  "more tiles than the longest word has letters",
	juego.ErrFaltanLetras:      "you do not have those tiles",
	tablero.ErrFueraDelTablero: "a tile is off the board",
	tablero.ErrCeldaOcupada:    "the square is taken",
	juego.ErrSuperpuestas:      "two tiles on the same square",
	juego.ErrNoAlineadas:       "the tiles are not in one row or column",
	juego.ErrNoContiguas:       "there are gaps between the tiles",
	juego.ErrPalabraIlegitima:  "a word is not in the lexicon",
	juego.ErrFueraDelCentro:    "the first play must cover the centre square",
	juego.ErrDesconectada:      "the play does not touch any tile on the board",
	juego.ErrPalabraCorta:      "every word must have at least two letters",
	juego.ErrPartidaTerminada:  "the game is over",
}

func buscar(err error) (conocido, bool) {
	for _, c := range conocidos {
		if errors.Is(err, c.e) {
			return c, true
		}
	}
	return conocido{}, false
}

// codigoDe da un código estable para el cliente.
func codigoDe(err error) string {
	if c, ok := buscar(err); ok {
		return c.codigo
	}
	return "error"
}

// estadoHTTP da el estado HTTP de un error de la API.
func estadoHTTP(err error) int {
	if c, ok := buscar(err); ok {
		return c.http
	}
	return http.StatusInternalServerError
}

// textoDe escribe el motivo de un rechazo para una persona, en el idioma
// dado ("en" inglés; si no, español).
func textoDe(err error, idioma string) string {
	en := idioma == "en"
	var ej *juego.ErrorJugada
	switch {
	case errors.As(err, &ej):
		s := "Jugada inválida: " + ej.Motivo.Error()
		if en {
			s = "Invalid play: " + motivosIngles[ej.Motivo]
			if motivosIngles[ej.Motivo] == "" {
				s = "Invalid play"
			}
		}
		if ej.Palabra != "" {
			s += " (" + ej.Palabra + ")"
		}
		return s + "."
	case errors.Is(err, servidor.ErrNoEsSuTurno):
		return elegir(en, "No es su turno.", "It is not your turn.")
	case errors.Is(err, juego.ErrPartidaTerminada), errors.Is(err, almacen.ErrPartidaTerminada), errors.Is(err, ErrPartidaCerrada):
		return elegir(en, "La partida ya terminó.", "The game is over.")
	case errors.Is(err, juego.ErrCambioInvalido):
		if en {
			return "Cannot exchange those tiles."
		}
		msg := strings.TrimPrefix(err.Error(), "juego: cambio de fichas inválido")
		msg = strings.TrimPrefix(msg, ": ")
		if msg == "" {
			return "No se puede cambiar fichas."
		}
		return "No se puede cambiar fichas: " + msg + "."
	case errors.Is(err, servidor.ErrNoEmpezado):
		return elegir(en, "La partida todavía no empezó.", "The game has not started.")
	}
	var s string
	if c, ok := buscar(err); ok && en {
		s = c.ingles
	} else {
		s = err.Error()
	}
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

func elegir(en bool, es, ing string) string {
	if en {
		return ing
	}
	return es
}
