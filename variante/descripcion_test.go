package variante_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/variante"
)

// idaYVuelta escribe d, la vuelve a leer y exige que sea igual.
func idaYVuelta(t testing.TB, d *variante.Descripcion) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, variante.EscribirDescripcion(&b, d))
	otra, err := variante.LeerDescripcion(bytes.NewReader(b.Bytes()), variante.OpcionesDescripcion{})
	require.NoError(t, err, "%s", b.String())
	require.Equal(t, d, otra)
	return b.String()
}

func TestDescripcionesIncluidas(t *testing.T) {
	ds := variante.Descripciones()
	var nombres []string
	for _, d := range ds {
		nombres = append(nombres, d.Nombre)
		idaYVuelta(t, d)
		alf, err := d.Alfabeto()
		require.NoError(t, err, d.Nombre)
		require.Equal(t, len(d.Letras), alf.Tamano())
		require.NotEmpty(t, d.Fuente, d.Nombre)
		total := d.Comodines
		for _, x := range d.Letras {
			total += x.Cantidad
		}
		switch d.Nombre {
		case "ingles-21":
			require.Equal(t, 200, total)
			require.Equal(t, 21, d.Tablero)
			require.Equal(t, 4, d.Comodines)
			require.Equal(t, variante.PalabraCuadruple, d.Premios.Premio(0, 0))
			require.Equal(t, variante.LetraCuadruple, d.Premios.Premio(2, 5))
			clasico := variante.PremiosClasicos()
			for f := range 15 {
				for c := range 15 {
					require.Equal(t, clasico.Premio(f, c), d.Premios.Premio(f+3, c+3), "el centro es el tablero clásico")
				}
			}
		case "frances", "aleman", "holandes":
			require.Equal(t, 102, total, d.Nombre)
		case "espanol":
			require.Equal(t, 98, total)
			require.Nil(t, d.Premios)
		default:
			require.Equal(t, 100, total, d.Nombre)
		}
		if d.Premios != nil && d.Tablero == 15 {
			require.Equal(t, variante.PremiosClasicos(), d.Premios, d.Nombre)
		}
	}
	require.Equal(t, []string{"aleman", "catalan", "esloveno", "espanol", "espanol-fise", "frances",
		"holandes", "ingles", "ingles-21", "noruego", "polaco"}, nombres)

	// Las fichas de varios caracteres y fuera de ASCII se leen.
	cat, ok := variante.PorNombre("catalan")
	require.True(t, ok)
	alf, err := cat.Alfabeto()
	require.NoError(t, err)
	for palabra, simbolos := range map[string]string{
		"col·lecció": "C O L·L E C C I O", "coĿlecció": "C O L·L E C C I O", "Nyap": "NY A P",
		"quatre": "QU A T R E", "Plaça": "P L A Ç A",
	} {
		ls, err := alf.Parsear(palabra)
		require.NoError(t, err, palabra)
		var s []string
		for _, l := range ls {
			s = append(s, alf.Simbolo(l))
		}
		require.Equal(t, simbolos, strings.Join(s, " "), palabra)
	}
	pl, _ := variante.PorNombre("OSPS")
	alf, err = pl.Alfabeto()
	require.NoError(t, err)
	ls, err := alf.Parsear("żółć")
	require.NoError(t, err)
	require.Equal(t, "ŻÓŁĆ", alf.Formatear(ls))
	ls, err = alf.Parsear("z\u0307o\u0301\u0142c\u0301") // descompuesta
	require.NoError(t, err)
	require.Equal(t, "ŻÓŁĆ", alf.Formatear(ls))
	require.True(t, pl.Vocales().Contiene(ls[1]))
	require.False(t, pl.Vocales().Contiene(ls[0]))
}

func TestPorNombre(t *testing.T) {
	for nombre, esperado := range map[string]string{
		"CSW21": "ingles", "NWL2020": "ingles", "english": "ingles", "ENGLISH_SUPER": "ingles-21",
		"FISE2": "espanol-fise", "spanish": "espanol-fise", "espanol": "espanol", "french": "frances",
		"FRA20": "frances", "RD28": "aleman", "NSF23": "noruego", "OSPS49": "polaco", "DISC2": "catalan",
		"dutch": "holandes", "slovene": "esloveno",
	} {
		d, ok := variante.PorNombre(nombre)
		require.True(t, ok, nombre)
		require.Equal(t, esperado, d.Nombre, nombre)
	}
	for _, nombre := range []string{"", "klingon", "123", "_"} {
		_, ok := variante.PorNombre(nombre)
		require.False(t, ok, nombre)
	}
	// Las copias son independientes.
	d, _ := variante.PorNombre("ingles")
	d.Letras[0].Valor = 99
	otra, _ := variante.PorNombre("ingles")
	require.Equal(t, 1, otra.Letras[0].Valor)
}

func TestLeerDescripcionErrores(t *testing.T) {
	base := "nombre: x\ntablero: 3\nfichas: 2\nletra: A 3 1 vocal\n"
	_, err := variante.LeerDescripcion(strings.NewReader(base), variante.OpcionesDescripcion{})
	require.NoError(t, err)
	casos := []struct {
		texto         string
		linea, col    int
		centinela     error
		contieneError string
	}{
		{base + "letra: B x 1 consonante\n", 5, 10, variante.ErrDescripcionInvalida, "cantidad"},
		{base + "letra:  B 1 -1 consonante\n", 5, 13, variante.ErrDescripcionInvalida, "valor"},
		{base + "letra: a 1 1 vocal\n", 5, 8, letra.ErrAlfabetoInvalido, "repetido"},
		{base + "letra: 1 1 1 vocal\n", 5, 8, letra.ErrAlfabetoInvalido, "letra"},
		{base + "letra: B 1 1 acaso\n", 5, 14, variante.ErrDescripcionInvalida, "vocal"},
		{base + "tablero: 4\n", 5, 1, variante.ErrDescripcionInvalida, "ya apareció en la línea 2"},
		{base + "color: rojo\n", 5, 1, variante.ErrDescripcionInvalida, "desconocida"},
		{base + "premios:\n...\n.x.\n...\n", 7, 2, variante.ErrPremiosInvalidos, "carácter"},
		{base + "premios:\n...\n....\n...\n", 7, 4, variante.ErrPremiosInvalidos, "fila 2"},
		{base + "premios:\n...\n...\n", 5, 0, variante.ErrPremiosInvalidos, "2 filas"},
		{base + "fin: 6 europeo\n", 5, 6, variante.ErrDescripcionInvalida, "regla"},
		{base + "conexion: quizas\n", 5, 11, variante.ErrDescripcionInvalida, "si"},
		{"tablero: 3\nfichas: 2\nletra: A 3 1 vocal\n", 3, 0, variante.ErrDescripcionInvalida, "nombre"},
		{"nombre: x\ntablero: 3\nfichas: 2\nletra: A 0 1 vocal\n", 2, 0, variante.ErrDistribucionInvalida, "fichas"},
		{"nombre: Mayúsculas\n", 1, 9, variante.ErrDescripcionInvalida, "minúsculas"},
		{"nombre: x\ntablero: 5000\n", 2, 10, variante.ErrDescripcionInvalida, "entre 1 y"},
		{"sin dos puntos\n", 1, 1, variante.ErrDescripcionInvalida, "clave: valor"},
		{"  conexion  :   tal vez\n", 1, 17, variante.ErrDescripcionInvalida, "si"},
		{"lista: " + strings.Repeat("x", 2000) + "\n", 1, 8, variante.ErrDescripcionInvalida, "lista"},
		{"alias: a " + strings.Repeat("x", 2000) + "\n", 1, 8, variante.ErrDescripcionInvalida, "alias"},
	}
	for _, c := range casos {
		_, err := variante.LeerDescripcion(strings.NewReader(c.texto), variante.OpcionesDescripcion{})
		require.ErrorIs(t, err, c.centinela, c.texto)
		require.ErrorIs(t, err, variante.ErrDescripcionInvalida, c.texto)
		require.ErrorContains(t, err, c.contieneError, c.texto)
		var e *variante.ErrorDescripcion
		require.ErrorAs(t, err, &e)
		require.Equal(t, c.linea, e.Linea, c.texto)
		require.Equal(t, c.col, e.Columna, c.texto)
	}
	// El límite de bytes.
	_, err = variante.LeerDescripcion(strings.NewReader(base+strings.Repeat("# relleno\n", 100)), variante.OpcionesDescripcion{MaxBytes: 100})
	require.ErrorIs(t, err, limite.Err)
	var el *limite.Error
	require.ErrorAs(t, err, &el)
	require.Equal(t, "variante.OpcionesDescripcion.MaxBytes", el.Limite)
}

func FuzzLeerDescripcion(f *testing.F) {
	for _, d := range variante.Descripciones() {
		var b bytes.Buffer
		require.NoError(f, variante.EscribirDescripcion(&b, d))
		f.Add(b.String())
	}
	f.Add("nombre: x\ntablero: 3\nfichas: 2\nletra: L·L 3 1 vocal ĿL\npremios:\ncC.\n.p.\nlLP\n")
	f.Fuzz(func(t *testing.T, texto string) {
		d, err := variante.LeerDescripcion(strings.NewReader(texto), variante.OpcionesDescripcion{MaxBytes: 1 << 16})
		if err != nil {
			require.ErrorIs(t, err, variante.ErrDescripcionInvalida)
			var e *variante.ErrorDescripcion
			require.ErrorAs(t, err, &e)
			require.Positive(t, e.Linea)
			return
		}
		escrita := idaYVuelta(t, d)
		// La forma canónica es un punto fijo.
		otra, err := variante.LeerDescripcion(strings.NewReader(escrita), variante.OpcionesDescripcion{})
		require.NoError(t, err)
		require.Equal(t, escrita, idaYVuelta(t, otra))
		_, err = d.Alfabeto()
		require.NoError(t, err)
	})
}
