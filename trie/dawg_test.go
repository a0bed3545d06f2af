package trie_test

import (
	"encoding/binary"
	"hash/crc32"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/trie"
)

// minimo calcula, sin construir ningún autómata, cuántos estados y
// transiciones tiene el autómata mínimo (sin estado sumidero de rechazo) de
// un conjunto finito de palabras: por Myhill–Nerode, un estado por cada
// lenguaje residual distinto {s : ps ∈ C} de los prefijos p de C, y una
// transición por cada residual y cada primera letra de sus sufijos no vacíos.
func minimo(mod conjunto) (estados, aristas int) {
	residuales := map[string][]string{}
	for p := range mod {
		for i := 0; i <= len(p); i++ {
			prefijo := p[:i]
			var sufijos []string
			for q := range mod {
				if strings.HasPrefix(q, prefijo) {
					sufijos = append(sufijos, q[len(prefijo):])
				}
			}
			slices.Sort(sufijos)
			residuales[strings.Join(sufijos, "|")] = sufijos
		}
	}
	if len(mod) == 0 {
		return 1, 0 // solo el estado inicial
	}
	for _, sufijos := range residuales {
		primeras := map[byte]bool{}
		for _, s := range sufijos {
			if s != "" {
				primeras[s[0]] = true
			}
		}
		aristas += len(primeras)
	}
	return len(residuales), aristas
}

func TestPropiedadDAWG(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		palabras, sigma := genPalabras(t)
		mod := modeloDe(palabras)
		estados, aristas := minimo(mod)

		d, err := trie.NuevoDAWG(rapid.Permutation(palabras).Draw(t, "orden"))
		require.NoError(t, err)
		var tr trie.Trie
		var c trie.Constructor
		for _, p := range palabras {
			require.NoError(t, tr.Definir(p))
		}
		for _, p := range mod.ordenadas() {
			require.NoError(t, c.Agregar(p))
			require.NoError(t, c.Agregar(p), "repetir la anterior no es error")
		}
		for nombre, dawg := range map[string]*trie.DAWG{"NuevoDAWG": d, "Minimizar": tr.Minimizar(), "Constructor": c.DAWG()} {
			t.Log(nombre)
			aceptaLoMismo(t, dawg, mod, sigma)
			require.Equal(t, estados, dawg.Estados(), "estados del mínimo")
			require.Equal(t, aristas, dawg.Aristas(), "transiciones del mínimo")
			largo, letras := 0, letra.Conjunto(0)
			for _, p := range palabras {
				largo = max(largo, len(p))
				letras |= letra.ConjuntoDe(p...)
			}
			require.Equal(t, largo, dawg.LongitudMaxima())
			require.Equal(t, letras, dawg.Letras())
		}
	})
}

func TestPropiedadCodificacion(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		palabras, sigma := genPalabras(t)
		d, err := trie.NuevoDAWG(palabras)
		require.NoError(t, err)
		b, err := d.MarshalBinary()
		require.NoError(t, err)

		e, err := trie.Decodificar(b, trie.Opciones{})
		require.NoError(t, err)
		aceptaLoMismo(t, e, modeloDe(palabras), sigma)
		require.Equal(t, d.Prefijos(), e.Prefijos())
		require.Equal(t, len(prefijosDe(palabras)), e.Prefijos(), "los nodos del trie sin la raíz")
		require.Equal(t, d.Estados(), e.Estados())
		require.Equal(t, d.Aristas(), e.Aristas())
		require.Equal(t, d.LongitudMaxima(), e.LongitudMaxima())
		require.Equal(t, d.Letras(), e.Letras())
		otra, _ := e.MarshalBinary()
		require.Equal(t, b, otra, "codificar(decodificar(b)) = b")

		// Cualquier truncamiento o cambio de un byte es un error, nunca un
		// pánico ni otro DAWG: CRC-32C detecta todo error en un byte.
		corto := b[:rapid.IntRange(0, len(b)-1).Draw(t, "largo truncado")]
		_, err = trie.Decodificar(corto, trie.Opciones{})
		require.ErrorIs(t, err, trie.ErrFormato)
		roto := slices.Clone(b)
		i := rapid.IntRange(0, len(b)-1).Draw(t, "byte cambiado")
		roto[i] ^= byte(rapid.IntRange(1, 255).Draw(t, "xor"))
		_, err = trie.Decodificar(roto, trie.Opciones{})
		require.ErrorIs(t, err, trie.ErrFormato)
		_, err = trie.Decodificar(append(slices.Clone(b), 0), trie.Opciones{})
		require.ErrorIs(t, err, trie.ErrFormato)
	})
}

// conCRC agrega a b la suma de control correcta, para que las pruebas lleguen
// a la validación de la estructura.
func conCRC(b []byte) []byte {
	return binary.LittleEndian.AppendUint32(slices.Clone(b), crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)))
}

func TestDecodificarErrores(t *testing.T) {
	d, err := trie.NuevoDAWG([][]letra.Letra{{0}, {0, 1}, {1, 1}})
	require.NoError(t, err)
	b, _ := d.MarshalBinary()
	cuerpo := b[:len(b)-4]
	uv := func(vs ...uint64) []byte {
		var r []byte
		for _, v := range vs {
			r = binary.AppendUvarint(r, v)
		}
		return r
	}
	cabecera := []byte("PLDW\x02")
	// Cabecera: estados, aristas, palabras, prefijos, largo máximo, raíz.
	casos := map[string]struct {
		datos  []byte
		err    error
		motivo string
	}{
		"vacío":                     {nil, trie.ErrFormato, "cabecera"},
		"otra magia":                {conCRC(append([]byte("XXXX"), cuerpo[4:]...)), trie.ErrFormato, "cabecera"},
		"otra versión":              {conCRC(append([]byte("PLDW\x01"), cuerpo[5:]...)), trie.ErrVersion, "versión 1"},
		"suma de control":           {append(slices.Clone(cuerpo), 0, 0, 0, 0), trie.ErrChecksum, "suma de control"},
		"sin estados":               {conCRC(append(cabecera, uv(0, 0, 0, 0, 0, 0)...)), trie.ErrFormato, "cabecera inválida"},
		"estados de más":            {conCRC(append(cabecera, uv(1<<40, 0, 0, 0, 0, 0)...)), trie.ErrFormato, "cabecera inválida"},
		"transición hacia adelante": {conCRC(append(cabecera, uv(2, 1, 1, 1, 1, 2, 1, 3)...)), trie.ErrFormato, "transición inválida en el estado 0"},
		"ciclo sobre sí mismo":      {conCRC(append(cabecera, uv(1, 1, 1, 1, 1, 0, 1, 1)...)), trie.ErrFormato, "transición inválida en el estado 0"},
		"callejón no final":         {conCRC(append(cabecera, uv(2, 1, 1, 1, 1, 2, 0, 1, 2)...)), trie.ErrFormato, "sin salida"},
		"palabras mal contadas":     {conCRC(append(cabecera, uv(2, 1, 5, 1, 1, 2, 0, 1, 3)...)), trie.ErrFormato, "palabras declaradas"},
		"prefijos mal contados":     {conCRC(append(cabecera, uv(2, 1, 1, 5, 1, 2, 0, 1, 3)...)), trie.ErrFormato, "prefijos no es la declarada"},
		"largo mal declarado":       {conCRC(append(cabecera, uv(2, 1, 1, 1, 0, 2, 0, 1, 3)...)), trie.ErrFormato, "palabras declaradas"},
		"largo imposible":           {conCRC(append(cabecera, uv(2, 1, 1, 1, 4, 2, 0, 1, 3)...)), trie.ErrFormato, "cabecera inválida"},
		"raíz inexistente":          {conCRC(append(cabecera, uv(2, 1, 1, 1, 1, 8, 0, 1, 3)...)), trie.ErrFormato, "palabras declaradas"},
		"aristas de más":            {conCRC(append(cabecera, uv(2, 2, 1, 1, 1, 2, 0, 1, 3)...)), trie.ErrFormato, "no coincide con la cabecera"},
		"bytes sobrantes":           {conCRC(append(cabecera, uv(2, 1, 1, 1, 1, 2, 0, 1, 3, 0)...)), trie.ErrFormato, "no coincide con la cabecera"},
		"uvarint cortado":           {conCRC(append(cabecera, 0x80)), trie.ErrFormato, "cabecera inválida"},
		"palabras de más":           {conCRC(append(cabecera, uv(2, 1, 1<<40, 1, 1, 2, 0, 1, 3)...)), limite.Err, "MaxPalabras"},
		"prefijos de más":           {conCRC(append(cabecera, uv(2, 1, 1, 1<<40, 1, 2, 0, 1, 3)...)), limite.Err, "MaxPrefijos"},
	}
	// El caso bueno del que salen los demás: {"a"} sobre una letra.
	bueno, err := trie.Decodificar(conCRC(append(cabecera, uv(2, 1, 1, 1, 1, 2, 0, 1, 3)...)), trie.Opciones{})
	require.NoError(t, err)
	require.True(t, bueno.Contiene([]letra.Letra{0}))
	require.Equal(t, 1, bueno.Tamano())
	require.Equal(t, 1, bueno.Prefijos())
	_, err = trie.Decodificar(b, trie.Opciones{MaxBytes: len(b) - 1})
	require.ErrorIs(t, err, limite.Err)
	require.ErrorContains(t, err, "trie.Opciones.MaxBytes")
	for nombre, c := range casos {
		t.Run(nombre, func(t *testing.T) {
			_, err := trie.Decodificar(c.datos, trie.Opciones{})
			require.ErrorIs(t, err, c.err)
			require.ErrorIs(t, err, trie.ErrFormato, "todo error de formato es ErrFormato")
			require.Contains(t, err.Error(), c.motivo)
		})
	}
}

func TestDAWGValorCero(t *testing.T) {
	var d trie.DAWG
	require.False(t, d.Contiene(nil))
	require.False(t, d.Contiene([]letra.Letra{1}))
	_, ok := d.Hijo(d.Raiz(), 0)
	require.False(t, ok)
	require.Empty(t, todas(&d))
	b, err := d.MarshalBinary()
	require.NoError(t, err)
	e, err := trie.Decodificar(b, trie.Opciones{})
	require.NoError(t, err)
	require.Equal(t, 0, e.Tamano())
	require.Equal(t, 1, e.Estados())
}

func TestConstructorErrores(t *testing.T) {
	var c trie.Constructor
	require.NoError(t, c.Agregar([]letra.Letra{1, 2}))
	require.ErrorIs(t, c.Agregar([]letra.Letra{1}), trie.ErrDesordenado, "un prefijo va antes")
	require.ErrorIs(t, c.Agregar([]letra.Letra{0, 9}), trie.ErrDesordenado)
	require.ErrorIs(t, c.Agregar([]letra.Letra{3, letra.MaxLetras}), trie.ErrLetraInvalida)
	require.NoError(t, c.Agregar([]letra.Letra{1, 2, 0}), "tras un error se sigue como si nada")
	d := c.DAWG()
	require.Equal(t, [][]letra.Letra{{1, 2}, {1, 2, 0}}, todas(d))

	// Después de DAWG, el constructor está vacío y sirve para otro.
	require.NoError(t, c.Agregar([]letra.Letra{0}))
	require.Equal(t, [][]letra.Letra{{0}}, todas(c.DAWG()))

	_, err := trie.NuevoDAWG([][]letra.Letra{{1}, {200}})
	require.ErrorIs(t, err, trie.ErrLetraInvalida)
}

func FuzzDecodificar(f *testing.F) {
	for _, ps := range [][][]letra.Letra{nil, {{}}, {{0}, {0, 1}, {1, 1}}, {{2, 0, 1}, {3}, {2, 1}}} {
		d, _ := trie.NuevoDAWG(ps)
		b, _ := d.MarshalBinary()
		f.Add(b)
		f.Add(b[:len(b)-4])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// Tal cual, y con la suma de control corregida para llegar a la
		// validación de la estructura.
		for _, datos := range [][]byte{b, conCRC(b)} {
			d, err := trie.Decodificar(datos, trie.Opciones{MaxBytes: 1 << 16, MaxPalabras: 1 << 16, MaxPrefijos: 1 << 16})
			if err != nil {
				require.ErrorIs(t, err, trie.ErrFormato)
				continue
			}
			require.LessOrEqual(t, d.Tamano(), 1<<16)
			require.LessOrEqual(t, d.Prefijos(), 1<<16)
			// Lo que se acepta se puede recorrer y volver a codificar.
			n := 0
			for p := range d.Palabras() {
				require.True(t, d.Contiene(p))
				if n++; n == 1000 {
					break
				}
			}
			otra, err := d.MarshalBinary()
			require.NoError(t, err)
			e, err := trie.Decodificar(otra, trie.Opciones{})
			require.NoError(t, err)
			require.Equal(t, d.Tamano(), e.Tamano())
			require.Equal(t, d.Prefijos(), e.Prefijos())
		}
	})
}

// bomba codifica un DAWG de k+1 estados que acepta las 2^k palabras de
// largo k sobre dos letras: cada estado sale con las dos hacia el
// siguiente. Declara lo que acepta (con k ≥ 64, 2⁶⁴−1 palabras: no caben).
func bomba(k int) []byte {
	palabras, prefijos := ^uint64(0), ^uint64(0)
	if k < 63 {
		palabras, prefijos = 1<<k, 1<<(k+1)-2
	}
	b := []byte("PLDW\x02")
	for _, v := range []uint64{uint64(k + 1), uint64(2 * k), palabras, prefijos, uint64(k), uint64(k) << 1} {
		b = binary.AppendUvarint(b, v)
	}
	b = binary.AppendUvarint(b, 0) // el estado 0, sin salidas
	for i := 1; i <= k; i++ {
		fin := uint64(0)
		if i == 1 {
			fin = 1
		}
		b = binary.AppendUvarint(b, 0b11)
		b = binary.AppendUvarint(b, 1<<1|fin)
		b = binary.AppendUvarint(b, 1<<1|fin)
	}
	return conCRC(b)
}

// Un DAWG de cien bytes que acepta 2^k palabras: la decodificación lo
// rechaza por los límites (sin recorrerlas), nunca da una cantidad
// negativa, y NuevoGADDAG rechaza de entrada los que pasan sus cotas.
func TestBomba(t *testing.T) {
	for _, k := range []int{40, 64, 200} {
		b := bomba(k)
		require.Less(t, len(b), 700)
		_, err := trie.Decodificar(b, trie.Opciones{})
		require.ErrorIs(t, err, limite.Err, "k = %d", k)
		require.ErrorContains(t, err, "MaxPalabras")
		d, err := trie.Decodificar(b, trie.Opciones{MaxPalabras: math.MaxInt, MaxPrefijos: math.MaxInt})
		if k < 63 {
			require.NoError(t, err, "sin límites se acepta y se cuenta bien")
			require.Equal(t, 1<<k, d.Tamano())
			require.Equal(t, 1<<(k+1)-2, d.Prefijos())
			continue
		}
		require.ErrorIs(t, err, limite.Err, "k = %d: la cuenta no cabe en un int", k)
	}
	// 2¹² palabras: se aceptan, se cuentan bien y el GADDAG se construye.
	d, err := trie.Decodificar(bomba(12), trie.Opciones{})
	require.NoError(t, err)
	require.Equal(t, 1<<12, d.Tamano())
	require.Equal(t, 1<<13-2, d.Prefijos())
	g, err := trie.NuevoGADDAG(d)
	require.NoError(t, err)
	require.True(t, g.Acepta([]letra.Letra{0, trie.Separador, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1}))
	// 2²⁴ palabras caben en los límites del DAWG, pero sus 2²⁵−2 prefijos
	// pasan MaxPrefijosGADDAG: NuevoGADDAG se niega antes de hacer nada.
	d, err = trie.Decodificar(bomba(24), trie.Opciones{})
	require.NoError(t, err)
	require.Equal(t, 1<<24, d.Tamano())
	_, err = trie.NuevoGADDAG(d)
	require.ErrorIs(t, err, trie.ErrDemasiadoGrande)
	require.ErrorContains(t, err, "prefijos")
}
