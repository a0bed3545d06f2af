package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/juegodepalabras/palabras/app/almacen"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante"
)

// Los mensajes del protocolo van en JSON, uno por mensaje de WebSocket.
// Cada uno tiene un campo "tipo". El cliente envía primero "entrar" con la
// ficha de su asiento; después "jugar", "pasar", "cambiar" o "rendirse". El
// servidor responde "estado" (la foto completa) y luego empuja lo que pasa:
// "jugada", "pase", "cambio", "mano", "turno", "fin", y "mal" (una jugada
// rechazada por el juego, con el motivo) o "error" (un mensaje que no llega
// al juego: mal formado, de otro asiento, demasiado grande, demasiado
// seguido).

// mensajeCliente es lo que envía el navegador. Los campos que un tipo no
// usa se ignoran; Partida y Asiento, si vienen, deben ser los de la ficha.
type mensajeCliente struct {
	Tipo    string      `json:"tipo"`
	Ficha   string      `json:"ficha,omitempty"`
	Partida *int64      `json:"partida,omitempty"`
	Asiento *int        `json:"asiento,omitempty"`
	Fichas  []fichaJSON `json:"fichas,omitempty"`
	Letras  []string    `json:"letras,omitempty"`
}

// fichaJSON es una ficha en el tablero: fila y columna desde 0, el símbolo
// de la letra ("CH" es una sola ficha) y si es un comodín.
type fichaJSON struct {
	F       int    `json:"f"`
	C       int    `json:"c"`
	L       string `json:"l"`
	Comodin bool   `json:"comodin,omitempty"`
}

// renglon es una línea de la planilla: un movimiento guardado.
type renglon struct {
	N        int         `json:"n"`    // número de movimiento, desde 0
	Tipo     string      `json:"tipo"` // "jugada", "pase", "cambio" o "abandono"
	Jugador  int         `json:"jugador"`
	Fichas   []fichaJSON `json:"fichas,omitempty"`
	Palabra  string      `json:"palabra,omitempty"`
	Lugar    string      `json:"lugar,omitempty"` // "8H" horizontal, "H8" vertical
	Cantidad int         `json:"cantidad,omitempty"`
	Puntos   int         `json:"puntos"`
	Total    int         `json:"total"`
	Bolsa    int         `json:"bolsa"`

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
	Estado *estado `json:"estado,omitempty"`
	Fin    *final  `json:"fin,omitempty"`
}

// estado es la foto de una partida vista desde un asiento.
type estado struct {
	Partida     int64       `json:"partida"`
	Asiento     int         `json:"asiento"`
	Reglas      string      `json:"reglas"`
	NombreReg   string      `json:"nombreReglas"`
	Nombres     []string    `json:"nombres"`
	Bots        []string    `json:"bots"`
	Tamano      int         `json:"tamano"`
	Premios     []string    `json:"premios"`
	Alfabeto    []string    `json:"alfabeto"`
	Valores     []int       `json:"valores"`
	Comodin     bool        `json:"comodin"`
	Cambios     bool        `json:"cambios"`
	Tablero     []fichaJSON `json:"tablero"`
	Mano        []string    `json:"mano"`
	Puntajes    []int       `json:"puntajes"`
	Turno       int         `json:"turno"`
	Bolsa       int         `json:"bolsa"`
	Movimientos int         `json:"movimientos"`
	Planilla    []renglon   `json:"planilla"`
	Fin         *final      `json:"fin,omitempty"`
}

// final dice cómo terminó una partida.
type final struct {
	Motivo   string `json:"motivo"`
	Puntajes []int  `json:"puntajes"`
	Ganador  int    `json:"ganador"` // el asiento con más puntos, o −1 si empatan
}

// Errores de los mensajes de un cliente que no llegan al juego. Cada uno
// es la respuesta "error" con su código.
var (
	ErrMensajeInvalido    = errors.New("mensaje inválido")
	ErrMensajeGrande      = errors.New("mensaje demasiado grande")
	ErrDemasiadoSeguido   = errors.New("demasiados mensajes seguidos: espere un momento")
	ErrFichaInvalida      = errors.New("ficha de asiento inválida")
	ErrOtroAsiento        = errors.New("ese asiento no es el suyo")
	ErrPartidaDesconocida = errors.New("no existe esa partida")
	ErrPartidaCerrada     = errors.New("la partida terminó")
	ErrSinEntrar          = errors.New("primero debe entrar con la ficha de su asiento")
	ErrAlmacen            = errors.New("no se pudo guardar: intente de nuevo")
)

// codigoDe da un código estable para el cliente.
func codigoDe(err error) string {
	for _, c := range []struct {
		e error
		c string
	}{
		{ErrMensajeGrande, "grande"}, {ErrDemasiadoSeguido, "seguido"}, {ErrFichaInvalida, "ficha"},
		{ErrOtroAsiento, "asiento"}, {ErrPartidaDesconocida, "partida"}, {ErrPartidaCerrada, "terminada"},
		{ErrSinEntrar, "entrar"}, {ErrAlmacen, "almacen"}, {ErrMensajeInvalido, "invalido"},
		{servidor.ErrNoEsSuTurno, "turno"}, {juego.ErrPartidaTerminada, "terminada"},
		{almacen.ErrPartidaTerminada, "terminada"}, {juego.ErrCambioInvalido, "cambio"},
		{juego.ErrJugadaInvalida, "jugada"}, {servidor.ErrNoEmpezado, "no-empezada"},
	} {
		if errors.Is(err, c.e) {
			return c.c
		}
	}
	return "error"
}

// textoDe escribe el motivo de un rechazo para una persona, en español.
func textoDe(err error) string {
	var ej *juego.ErrorJugada
	switch {
	case errors.As(err, &ej):
		s := "Jugada inválida: " + ej.Motivo.Error()
		if ej.Palabra != "" {
			s += " (" + ej.Palabra + ")"
		}
		return s + "."
	case errors.Is(err, servidor.ErrNoEsSuTurno):
		return "No es su turno."
	case errors.Is(err, juego.ErrPartidaTerminada), errors.Is(err, almacen.ErrPartidaTerminada), errors.Is(err, ErrPartidaCerrada):
		return "La partida ya terminó."
	case errors.Is(err, juego.ErrCambioInvalido):
		msg := strings.TrimPrefix(err.Error(), "juego: cambio de fichas inválido")
		msg = strings.TrimPrefix(msg, ": ")
		if msg == "" {
			return "No se puede cambiar fichas."
		}
		return "No se puede cambiar fichas: " + msg + "."
	case errors.Is(err, servidor.ErrNoEmpezado):
		return "La partida todavía no empezó."
	}
	s := err.Error()
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// leerJugada valida las fichas que envía un cliente y las convierte a una
// ocurrencia del alfabeto alf en un tablero de n×n. No consulta el juego:
// solo que cada ficha exista y esté dentro del tablero; el resto lo decide
// el juego.
func leerJugada(fs []fichaJSON, alf *letra.Alfabeto, n int, comodines bool) (ocurrencia.Ocurrencia, error) {
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

// simbolos escribe las fichas de una mano ("?" el comodín), en orden.
func simbolos(m letra.Multiconjunto, alf *letra.Alfabeto) []string {
	res := make([]string, 0, m.Tamano())
	for l := range m.Todas() {
		res = append(res, alf.Simbolo(l))
	}
	return res
}

// fichasJSON escribe una ocurrencia con los símbolos de alf.
func fichasJSON(o ocurrencia.Ocurrencia, alf *letra.Alfabeto) []fichaJSON {
	res := make([]fichaJSON, 0, o.Tamano())
	for f := range o.Fichas() {
		res = append(res, fichaJSON{F: f.Fila, C: f.Columna, L: alf.Simbolo(f.Letra), Comodin: f.Comodin})
	}
	return res
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
// juego después del movimiento.
func renglonDe(n int, m almacen.Movimiento, j *juego.Juego) renglon {
	alf := j.Variante().Alfabeto()
	r := renglon{N: n, Jugador: m.Jugador, Puntos: m.Puntos, Bolsa: j.LetrasEnRepositorio()}
	r.Total, _ = j.Puntaje(m.Jugador)
	switch m.Tipo {
	case juego.SucesoColocacion:
		r.Tipo = "jugada"
		r.Fichas = fichasJSON(m.Jugada, alf)
		if p, h, ok := j.Tablero().Principal(m.Jugada); ok {
			var b strings.Builder
			for f := range p.Fichas() {
				s := alf.Simbolo(f.Letra)
				if f.Comodin {
					s = strings.ToLower(s)
				}
				b.WriteString(s)
			}
			r.Palabra = b.String()
			// Como en las planillas: "8H" si es horizontal, "H8" si es vertical.
			r.Lugar = notacion.Coordenada{Fila: p.Ficha(0).Fila, Columna: p.Ficha(0).Columna, Horizontal: h}.String()
		}
	case juego.SucesoPase:
		r.Tipo = "pase"
	case juego.SucesoCambio:
		r.Tipo = "cambio"
		r.Cantidad = m.Cambiadas.Tamano()
	default:
		r.Tipo = "abandono"
	}
	mano, _ := j.Fichas(m.Jugador)
	r.mano = simbolos(mano, alf)
	return r
}
