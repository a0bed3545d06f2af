package sitio

import (
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/revision"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// Los mensajes del protocolo van en JSON, uno por mensaje de WebSocket.
// Cada uno tiene un campo "tipo". El cliente envía primero "entrar" con la
// partida (la conexión debe traer la sesión de un jugador de esa partida:
// la cookie, o Authorization: Bearer) o "mirar" (cualquiera, sin sesión);
// después, quien entró, "jugar", "pasar", "cambiar" o "rendirse"; y
// cualquiera "latido" para que la conexión no se cierre por inactividad. El
// servidor responde "estado" (la foto completa) y luego empuja lo que
// pasa: "jugada", "pase", "cambio", "abandono", "bandera", "penalizacion",
// "mano", "turno", "fin", "revancha", y "mal" (una jugada rechazada por el
// juego, con el motivo) o "error" (un mensaje que no llega al juego: mal
// formado, de otro asiento, demasiado grande, demasiado seguido). Los
// textos van en el idioma de la partida.

// mensajeCliente es lo que envía el navegador. Los campos que un tipo no
// usa se ignoran; Partida y Asiento, si vienen después de entrar, deben ser
// los suyos.
type mensajeCliente struct {
	Tipo    string           `json:"tipo"`
	Partida *int64           `json:"partida,omitempty"`
	Asiento *int             `json:"asiento,omitempty"`
	Fichas  []revision.Ficha `json:"fichas,omitempty"`
	Letras  []string         `json:"letras,omitempty"`
	Seq     int64            `json:"seq,omitempty"` // de "tantear": lo repite su "tanteo"
}

// renglon es una línea de la planilla: un movimiento guardado.
type renglon struct {
	N        int              `json:"n"`    // número de movimiento, desde 0
	Tipo     string           `json:"tipo"` // "jugada", "pase", "cambio", "abandono", "bandera", "penalizacion" o "ajuste"
	Jugador  int              `json:"jugador"`
	Ms       int64            `json:"ms,omitempty"` // lo que tardó, en milisegundos
	Fichas   []revision.Ficha `json:"fichas,omitempty"`
	Palabra  string           `json:"palabra,omitempty"`
	Lugar    string           `json:"lugar,omitempty"` // "8H" horizontal, "H8" vertical
	Cantidad int              `json:"cantidad,omitempty"`
	Puntos   int              `json:"puntos"`
	Total    int              `json:"total"` // el acumulado del jugador, sin los ajustes del final
	Bolsa    int              `json:"bolsa"`

	mano []string // la mano de quien jugó después del turno: solo para él
}

// mensajeServidor es lo que el servidor envía. Cada tipo usa sus campos.
type mensajeServidor struct {
	Tipo   string   `json:"tipo"`
	Motivo string   `json:"motivo,omitempty"`
	Codigo string   `json:"codigo,omitempty"`
	Turno  *int     `json:"turno,omitempty"`
	Letras []string `json:"letras,omitempty"`
	*renglon
	Estado   *estado `json:"estado,omitempty"`
	Fin      *final  `json:"fin,omitempty"`
	Mesa     int64   `json:"mesa,omitempty"`     // la mesa de una revancha
	Revancha int64   `json:"revancha,omitempty"` // la partida de la revancha, si empezó
	// Los de "tanteo": el seq del "tantear" que responde y, si la jugada es
	// válida, sus puntos (no "puntos": ese es el campo del renglón).
	Seq  int64 `json:"seq,omitempty"`
	Vale *int  `json:"vale,omitempty"`
	// Los de "presencia": si cada asiento tiene alguien conectado (en
	// cualquier proceso) y cuántos espectadores hay.
	Conectados   []bool `json:"conectados,omitempty"`
	Espectadores *int   `json:"espectadores,omitempty"`
}

// estado es la foto de una partida vista desde un asiento (o por un
// espectador: Asiento −1, sin mano).
type estado struct {
	Partida     int64            `json:"partida"`
	Asiento     int              `json:"asiento"`
	Reglas      string           `json:"reglas"`
	NombreReg   string           `json:"nombreReglas"`
	Idioma      string           `json:"idioma"`
	Nombres     []string         `json:"nombres"`
	Bots        []string         `json:"bots"`
	Tamano      int              `json:"tamano"`
	Premios     []string         `json:"premios"`
	Alfabeto    []string         `json:"alfabeto"`
	Valores     []int            `json:"valores"`
	Reparto     []int            `json:"reparto"` // cuántas fichas de cada letra tiene la bolsa entera
	Blancos     int              `json:"blancos"` // y cuántos comodines
	ConBolsa    bool             `json:"conBolsa"`
	Comodin     bool             `json:"comodin"`
	Cambios     bool             `json:"cambios"`
	Fichas      int              `json:"fichas"` // las de una mano
	Bingo       int              `json:"bingo"`  // el premio por usarlas todas
	Tablero     []revision.Ficha `json:"tablero"`
	Mano        []string         `json:"mano"`
	Manos       []int            `json:"manos"` // cuántas fichas tiene cada mano
	Puntajes    []int            `json:"puntajes"`
	Turno       int              `json:"turno"`
	Bolsa       int              `json:"bolsa"`
	Movimientos int              `json:"movimientos"`
	Planilla    []renglon        `json:"planilla"`
	Reloj       *relojEstado     `json:"reloj,omitempty"`
	Fin         *final           `json:"fin,omitempty"`
	Revancha    int64            `json:"revancha,omitempty"` // la mesa de la revancha ofrecida
}

// relojEstado es el reloj en una foto: el control, lo que usó cada asiento
// en sus turnos terminados y lo que lleva corriendo el del turno, en
// milisegundos.
type relojEstado struct {
	relojJSON
	Usados []int64 `json:"usados"`
	Corre  int64   `json:"corre"`
}

// final dice cómo terminó una partida.
type final struct {
	Motivo   string `json:"motivo"` // "sin-fichas", "sin-puntos", "abandono" o "bandera"
	Puntajes []int  `json:"puntajes"`
	Ganador  int    `json:"ganador"` // el asiento con más puntos, o −1 si empatan
}

// leerJugada valida las fichas que envía un cliente y las convierte a una
// ocurrencia del alfabeto alf en un tablero de n×n. No consulta el juego:
// solo que cada ficha exista y esté dentro del tablero; el resto lo decide
// el juego.
func leerJugada(fs []revision.Ficha, alf *letra.Alfabeto, n int, comodines bool) (ocurrencia.Ocurrencia, error) {
	if len(fs) == 0 || len(fs) > n {
		return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: una jugada tiene entre 1 y %d fichas", ErrMensajeInvalido, n)
	}
	res := make([]ocurrencia.Ficha, 0, len(fs))
	for _, f := range fs {
		if f.F < 0 || f.F >= n || f.C < 0 || f.C >= n {
			return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: la ficha (%d,%d) está fuera del tablero", ErrMensajeInvalido, f.F, f.C)
		}
		l, err := leerLetra(f.L, alf)
		if err != nil {
			return ocurrencia.Ocurrencia{}, err
		}
		if f.Comodin && !comodines {
			return ocurrencia.Ocurrencia{}, fmt.Errorf("%w: estas reglas no tienen comodines", ErrMensajeInvalido)
		}
		res = append(res, ocurrencia.Ficha{Fila: f.F, Columna: f.C, Letra: l, Comodin: f.Comodin})
	}
	return ocurrencia.Nueva(res...), nil
}

// leerLetra lee el símbolo de una letra del alfabeto (no el comodín).
func leerLetra(s string, alf *letra.Alfabeto) (letra.Letra, error) {
	if len(s) == 0 || len(s) > 8 {
		return 0, fmt.Errorf("%w: letra %q", ErrMensajeInvalido, s)
	}
	l, ok := alf.Indice(s)
	if !ok || !alf.Contiene(l) {
		return 0, fmt.Errorf("%w: %q no es una letra de este juego", ErrMensajeInvalido, s)
	}
	return l, nil
}

// leerCambio valida las fichas a cambiar: símbolos del alfabeto o "?" para
// el comodín.
func leerCambio(ss []string, alf *letra.Alfabeto, f int) (letra.Multiconjunto, error) {
	var m letra.Multiconjunto
	if len(ss) == 0 || len(ss) > f {
		return m, fmt.Errorf("%w: se cambian entre 1 y %d fichas", ErrMensajeInvalido, f)
	}
	for _, s := range ss {
		if s == "?" {
			m.Agregar(letra.Comodin)
			continue
		}
		l, err := leerLetra(s, alf)
		if err != nil {
			return m, err
		}
		m.Agregar(l)
	}
	return m, nil
}

// premiosJSON escribe las casillas de premio de v, una cadena por fila:
// "." nada, "l" letra doble, "L" letra triple, "p" palabra doble, "P"
// palabra triple.
func premiosJSON(v *variante.Variante) []string {
	n := v.TamanoTablero()
	filas := make([]string, n)
	for f := range n {
		var b strings.Builder
		for c := range n {
			b.WriteString(v.Premio(f, c).String())
		}
		filas[f] = b.String()
	}
	return filas
}

// renglonDe arma la línea de la planilla del movimiento n (m), con j el
// juego después del movimiento y antes el acumulado del jugador hasta
// entonces.
func renglonDe(n int, m almacen.Movimiento, j *juego.Juego, antes int) renglon {
	alf := j.Variante().Alfabeto()
	r := renglon{N: n, Jugador: m.Jugador, Puntos: m.Puntos, Total: antes + m.Puntos, Bolsa: j.LetrasEnRepositorio(),
		Ms: m.Duracion.Milliseconds()}
	switch m.Tipo {
	case juego.SucesoColocacion:
		r.Tipo = "jugada"
		r.Fichas = revision.Fichas(m.Jugada, alf)
		r.Palabra, r.Lugar = revision.PalabraYLugar(j.Tablero(), m.Jugada)
	case juego.SucesoPase:
		r.Tipo = "pase"
	case juego.SucesoCambio:
		r.Tipo = "cambio"
		r.Cantidad = m.Cambiadas.Tamano()
	default:
		switch m.Motivo {
		case almacen.AjusteAbandono:
			r.Tipo = "abandono"
		case almacen.AjusteBandera:
			r.Tipo = "bandera"
		case almacen.AjusteTiempo:
			r.Tipo = "penalizacion"
		default:
			r.Tipo = "ajuste"
		}
	}
	mano, _ := j.Fichas(m.Jugador)
	r.mano = revision.Simbolos(mano, alf)
	return r
}
