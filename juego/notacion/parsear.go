package notacion

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/juegodepalabras/palabras/juego/internal/fichas"
	"github.com/juegodepalabras/palabras/juego/tablero"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Parsear lee una jugada escrita en la notación sobre el tablero t, el de
// antes de jugarla, con las letras de su alfabeto:
//
//   - "8D RESIANT" es una colocación: la coordenada ([ParsearCoordenada])
//     dice dónde empieza la palabra y en qué dirección, y la palabra, después
//     de uno o más espacios, sus casillas en orden. Cada ficha es su símbolo
//     en mayúsculas; un comodín, en minúsculas; una ficha de varias letras,
//     entre corchetes ("[CH]", "[ch]" si es un comodín); sin corchetes, cada
//     carácter es una ficha ("CH" son C y H). Un "." es una casilla ocupada
//     que la palabra atraviesa: esa ficha ya estaba y no se pone.
//   - "-" es un pase y "-ABC?" un cambio de esas fichas, con "?" para el
//     comodín.
//
// Una casilla ocupada también puede escribirse con la letra que tiene (en
// mayúsculas o minúsculas, sea o no un comodín), como hacen algunos
// programas: tampoco se pone. Se ignoran los espacios de los extremos.
//
// Parsear comprueba que el texto coincida con t: la coordenada y toda la
// palabra dentro del tablero (tablero.ErrFueraDelTablero), cada "." sobre
// una casilla ocupada ([ErrCeldaLibre]), cada letra sobre una casilla libre
// o sobre la misma letra (tablero.ErrCeldaOcupada), y al menos una ficha
// nueva ([ErrSinFichas]). No comprueba que la jugada sea válida en el juego:
// eso lo hace juego.Juego.Validar. Las fichas devueltas llevan el alfabeto
// de t (ocurrencia.Ocurrencia.Alfabeto).
//
// Los errores son [*Error]. Nunca entra en pánico; cuesta O(len(texto)) y
// rechaza de entrada un texto de más de [MaxTexto] bytes (un error que
// envuelve también a limite.Err).
func Parsear(texto string, t tablero.Tablero) (Jugada, error) {
	alf := t.Alfabeto()
	if alf == nil {
		return Jugada{}, &Error{Motivo: "el tablero no tiene alfabeto (tablero.Nuevo)", Err: letra.ErrAlfabetoInvalido}
	}
	if len(texto) > MaxTexto {
		return Jugada{}, fallo(texto, 0, fmt.Errorf("%w: %w", ErrNotacion, &limite.Error{Limite: "notacion.MaxTexto", Valor: MaxTexto}), "el texto pasa el límite notacion.MaxTexto = %d bytes", MaxTexto)
	}
	ini := len(texto) - len(strings.TrimLeftFunc(texto, unicode.IsSpace))
	s := strings.TrimRightFunc(texto[ini:], unicode.IsSpace)
	if s == "" {
		return Jugada{}, fallo(texto, ini, ErrNotacion, "texto vacío: se esperaba una jugada como 8D CASA, - o -ABC")
	}
	if s[0] == '-' {
		return cambio(texto, ini, s, alf)
	}
	corte := strings.IndexFunc(s, unicode.IsSpace)
	if corte < 0 {
		return Jugada{}, fallo(texto, ini, ErrNotacion, "falta la palabra: se esperaba una jugada como 8D CASA, - o -ABC")
	}
	c, err := coordenada(s[:corte], ini, texto)
	if err != nil {
		return Jugada{}, err
	}
	resto := s[corte:]
	pos := ini + corte + len(resto) - len(strings.TrimLeftFunc(resto, unicode.IsSpace))
	palabra := texto[pos : ini+len(s)]
	if x := strings.IndexFunc(palabra, unicode.IsSpace); x >= 0 {
		return Jugada{}, fallo(texto, pos+x, ErrNotacion, "sobra texto después de la palabra")
	}
	if !t.EnTablero(c.Fila, c.Columna) {
		return Jugada{}, fallo(texto, ini, tablero.ErrFueraDelTablero, "la coordenada %v está fuera del tablero de %d×%d", c, t.Tamano(), t.Tamano())
	}
	return colocacion(texto, pos, palabra, c, t)
}

// cambio lee un pase ("-") o un cambio ("-ABC") s, que empieza en el byte
// ini de texto.
func cambio(texto string, ini int, s string, alf *letra.Alfabeto) (Jugada, error) {
	m, x, err := fichas.ParsearMano(alf, s[1:])
	if err != nil {
		return Jugada{}, errorFicha(texto, ini+1+x, err)
	}
	return Jugada{Cambio: m}, nil
}

// errorFicha es el error de una ficha que no se pudo leer en el byte pos.
func errorFicha(texto string, pos int, err error) *Error {
	causa := ErrNotacion
	if errors.Is(err, fichas.ErrFicha) {
		causa = fmt.Errorf("%w: %w", ErrNotacion, letra.ErrCaracterDesconocido)
	}
	return fallo(texto, pos, causa, "%v", err)
}

// colocacion lee la palabra, que está en el byte pos de texto, desde la
// coordenada c de t.
func colocacion(texto string, pos int, palabra string, c Coordenada, t tablero.Tablero) (Jugada, error) {
	alf := t.Alfabeto()
	df, dc := 0, 1
	if !c.Horizontal {
		df, dc = 1, 0
	}
	var nuevas []ocurrencia.Ficha
	f, col := c.Fila, c.Columna
	for x := 0; x < len(palabra); f, col = f+df, col+dc {
		if !t.EnTablero(f, col) {
			return Jugada{}, fallo(texto, pos+x, tablero.ErrFueraDelTablero, "la palabra sale del tablero en %s", casilla(f, col))
		}
		vieja, ocupada := t.Ficha(f, col)
		if palabra[x] == '.' {
			if !ocupada {
				return Jugada{}, fallo(texto, pos+x, ErrCeldaLibre, "\".\" en la casilla vacía %s", casilla(f, col))
			}
			x++
			continue
		}
		l, minuscula, n, err := fichas.Parsear(alf, palabra[x:])
		if err != nil {
			return Jugada{}, errorFicha(texto, pos+x, err)
		}
		switch {
		case ocupada && vieja.Letra != l:
			return Jugada{}, fallo(texto, pos+x, tablero.ErrCeldaOcupada, "la casilla %s ya tiene la ficha %s", casilla(f, col), fichas.Formatear(alf, vieja.Letra, vieja.Comodin))
		case !ocupada:
			nuevas = append(nuevas, ocurrencia.Ficha{Fila: f, Columna: col, Letra: l, Comodin: minuscula})
		}
		x += n
	}
	if len(nuevas) == 0 {
		return Jugada{}, fallo(texto, pos, ErrSinFichas, "la colocación no pone ninguna ficha: todas sus casillas están ocupadas")
	}
	return Jugada{Fichas: ocurrencia.Nueva(nuevas...).ConAlfabeto(alf)}, nil
}
