package formato

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Lo que se codifica se decodifica igual, y los bytes que no salen de
// codificar dan ErrCodificacion.
func TestIdaYVuelta(t *testing.T) {
	o := ocurrencia.Nueva(ocurrencia.Ficha{Fila: 7, Columna: 7, Letra: 3},
		ocurrencia.Ficha{Fila: 300, Columna: 8, Letra: 0, Comodin: true})
	leida, err := DecodificarFichas(CodificarFichas(o))
	require.NoError(t, err)
	require.Equal(t, o, leida)
	var m letra.Multiconjunto
	for _, l := range []letra.Letra{0, 5, 5, 27} {
		m.Agregar(l)
	}
	mm, err := DecodificarMulti(CodificarMulti(m))
	require.NoError(t, err)
	require.Equal(t, m, mm)
	for _, malo := range [][]byte{{0x80}, {7, 7}, {7, 7, 0x7f}} {
		_, err := DecodificarFichas(malo)
		require.ErrorIs(t, err, ErrCodificacion, "%x", malo)
	}
	_, err = DecodificarMulti([]byte{0xff})
	require.ErrorIs(t, err, ErrCodificacion)
}

// El sello distingue cada valor, su clase y su orden, y encadena: un texto
// y unos bytes iguales, o nil y vacío, son lo mismo (como los pasa SQLite).
func TestSello(t *testing.T) {
	base := Sello(0, "movimiento", int64(3), []byte{1, 2}, true, 1.5)
	require.Equal(t, base, Sello(0, "movimiento", 3, "\x01\x02", int64(1), 1.5))
	for i, otro := range []int64{
		Sello(1, "movimiento", int64(3), []byte{1, 2}, true, 1.5),
		Sello(0, "movimiento", int64(4), []byte{1, 2}, true, 1.5),
		Sello(0, "movimiento", int64(3), []byte{2, 1}, true, 1.5),
		Sello(0, "movimiento", int64(3), []byte{1, 2}, false, 1.5),
		Sello(0, "movimiento", int64(3), []byte{1, 2}, true, 2.5),
		Sello(0, "movimiento", []byte{1, 2}, int64(3), true, 1.5),
		Sello(0, "movimiento", int64(3), []byte{1, 2}, true),
	} {
		require.NotEqual(t, base, otro, "variante %d", i)
	}
	require.Equal(t, Sello(5, nil), Sello(5, []byte{}))
	require.Equal(t, Sello(5, "a\x00b"), Sello(5, "a"))
}

// TestAnotarCambios: agregar una palabra cuyo último cambio la agregó, o
// quitar una cuyo último cambio la quitó, no cuenta; lo demás se anota
// (también quitar una sin cambios: puede ser del léxico base), primero lo
// que se agrega.
func TestAnotarCambios(t *testing.T) {
	ultimo := map[string]bool{"casa": true, "cosa": false} // agregada (true) o quitada (false)
	estado := func(p string) (bool, bool, error) { ag, hay := ultimo[p]; return ag, hay, nil }
	var anotados []string
	anotar := func(p string, agregada bool) error {
		anotados = append(anotados, fmt.Sprintf("%s %v", p, agregada))
		return nil
	}
	cambio, err := AnotarCambios([]string{"casa", "cosa", "sol"}, []string{"casa", "mar", "cosa"}, estado, anotar)
	require.NoError(t, err)
	require.True(t, cambio)
	require.Equal(t, []string{"cosa true", "sol true", "casa false", "mar false"}, anotados)

	anotados = nil
	cambio, err = AnotarCambios([]string{"casa"}, []string{"cosa"}, estado, anotar)
	require.NoError(t, err)
	require.False(t, cambio)
	require.Empty(t, anotados)

	mal := errors.New("mal")
	_, err = AnotarCambios([]string{"sol"}, nil, estado, func(string, bool) error { return mal })
	require.ErrorIs(t, err, mal)
}
